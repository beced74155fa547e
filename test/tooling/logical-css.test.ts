import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The desk reads right to left in Arabic (docs/decisions/106-the-clerks-language.md): its CSS says
// start and end, never left and right, so one stylesheet lays out both directions.
const physical =
  /\b(margin|padding|border)-(left|right)\b|\btext-align:\s*(left|right)\b|\bfloat:\s*(left|right)\b|^\s*(left|right):|\bborder-(top|bottom)-(left|right)-radius\b/;

describe('the stylesheets', () => {
  it('use logical properties: no left or right', () => {
    const found = globSync('src-renderer/**/*.css').flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (physical.test(line) ? [`${file}:${index + 1} ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
