export { type Credentials, DEFAULT_CREDENTIALS_PATH, FileTokenStore } from './file-token-store.js';
