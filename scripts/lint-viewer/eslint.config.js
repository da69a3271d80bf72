// ESLint 9 and after (Homebrew's): the flat configuration, the same rules as legacy.eslintrc.js.
'use strict';
const shared = require('./eslint-rules.js');

module.exports = [
  {
    files: ['**/viewer.js'],
    languageOptions: { ecmaVersion: shared.ecmaVersion, sourceType: 'script', globals: shared.globals },
    rules: shared.rules,
  },
];
