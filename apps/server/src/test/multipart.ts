// Transitional: only authorization.test.ts still imports from here (it is not edited in issue 8's test pass).
// Import from requests.ts and factories.ts; delete this file once that test's imports are switched.
export { multipart } from './requests.ts';
export { SAMPLE } from './factories.ts';
