// The repo's own ESLint rules, registered in eslint.config.js as the plugin `local`.
import boundaries from './boundaries.js';

export default {
  meta: { name: 'local' },
  rules: { boundaries },
};
