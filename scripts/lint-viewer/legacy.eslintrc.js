// ESLint 8 and before (Debian's ESLint 6): scripts/lint-viewer.sh passes this with --no-eslintrc.
'use strict';
const shared = require('./eslint-rules.js');

module.exports = {
  root: true,
  parserOptions: { ecmaVersion: shared.ecmaVersion, sourceType: 'script' },
  globals: shared.globals,
  rules: shared.rules,
};
