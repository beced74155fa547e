// The repo's own ESLint rules, registered in eslint.config.js as the plugin `local`.
import ackVocabulary from './ack-vocabulary.js';
import boundaries from './boundaries.js';
import importCircles from './import-circles.js';

export default {
  meta: { name: 'local' },
  rules: { 'ack-vocabulary': ackVocabulary, boundaries, 'import-circles': importCircles },
};
