// The rules viewer.js is linted with (scripts/lint-viewer.sh), shared by the two configuration
// shapes ESLint has had: Debian's ESLint 6 (legacy.eslintrc.js) and Homebrew's ESLint 9
// (eslint.config.js). ESLint's recommended set, written out so that neither shape needs a
// package beside ESLint, and what the page's safety rests on.
'use strict';

const names = 'names reach the page through textContent or createElement';

module.exports = {
  // The page's script runs in a browser, as one classic script.
  ecmaVersion: 2017,
  globals: {
    document: 'readonly', window: 'readonly', location: 'readonly', history: 'readonly', URL: 'readonly',
    setTimeout: 'readonly', clearTimeout: 'readonly', requestAnimationFrame: 'readonly', fetch: 'readonly',
    navigator: 'readonly', Blob: 'readonly', XMLSerializer: 'readonly', getComputedStyle: 'readonly', console: 'readonly',
    // The language's own, which ESLint 6 knows only with `env: es6`.
    Uint8Array: 'readonly', Int32Array: 'readonly', Float64Array: 'readonly', Map: 'readonly', Set: 'readonly',
    Promise: 'readonly', Symbol: 'readonly',
  },
  rules: {
    'constructor-super': 'error', 'for-direction': 'error', 'getter-return': 'error', 'no-async-promise-executor': 'error',
    'no-case-declarations': 'error', 'no-class-assign': 'error', 'no-compare-neg-zero': 'error', 'no-cond-assign': 'error',
    'no-const-assign': 'error', 'no-constant-condition': 'error', 'no-control-regex': 'error', 'no-debugger': 'error',
    'no-delete-var': 'error', 'no-dupe-args': 'error', 'no-dupe-class-members': 'error', 'no-dupe-keys': 'error',
    'no-duplicate-case': 'error', 'no-empty': 'error', 'no-empty-character-class': 'error', 'no-empty-pattern': 'error',
    'no-ex-assign': 'error', 'no-extra-boolean-cast': 'error', 'no-fallthrough': 'error', 'no-func-assign': 'error',
    'no-global-assign': 'error', 'no-inner-declarations': 'error', 'no-invalid-regexp': 'error',
    'no-irregular-whitespace': 'error', 'no-misleading-character-class': 'error', 'no-obj-calls': 'error',
    'no-octal': 'error', 'no-prototype-builtins': 'error', 'no-redeclare': 'error', 'no-regex-spaces': 'error',
    'no-self-assign': 'error', 'no-shadow-restricted-names': 'error', 'no-sparse-arrays': 'error',
    'no-this-before-super': 'error', 'no-undef': 'error', 'no-unexpected-multiline': 'error', 'no-unreachable': 'error',
    'no-unsafe-finally': 'error', 'no-unsafe-negation': 'error', 'no-unused-labels': 'error',
    'no-unused-vars': ['error', { args: 'none' }], 'no-useless-catch': 'error', 'no-useless-escape': 'error',
    'no-with': 'error', 'require-yield': 'error', 'use-isnan': 'error', 'valid-typeof': 'error',
    // What the page's safety rests on: no code from text, no markup from names, one strict closure.
    'no-eval': 'error', 'no-implied-eval': 'error', 'no-new-func': 'error', 'no-script-url': 'error',
    'no-implicit-globals': 'error', 'strict': ['error', 'function'], 'eqeqeq': ['error', 'smart'],
    'no-restricted-properties': ['error',
      { property: 'innerHTML', message: names }, { property: 'outerHTML', message: names },
      { property: 'insertAdjacentHTML', message: names }, { object: 'document', property: 'write', message: names }],
  },
};
