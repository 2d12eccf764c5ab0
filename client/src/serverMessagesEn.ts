// The server's English messages as the i18next `server` namespace, loaded only when the UI is in
// English (client/src/i18n.ts): Arabic is the first language and is bundled.
import { SERVER_MESSAGES_EN } from '@pos/contracts';
import { serverNamespace } from './shared/lib/serverNamespace';

export const serverMessagesEn = () => serverNamespace(SERVER_MESSAGES_EN);
