// The unit tests' setup (vitest.config.ts): every built-in ruleset loaded before each test file,
// as in the Electron main process, so a test opens an encounter of any ruleset without loading it
// first. The loader's own tests (core/ruleset-loader.test.ts) make loaders of their own.
import '../all-rulesets';
