// A client id per count: a retried request (flaky phone network) is recorded once by the server.
export { newId as newCountId } from '../../../shared/lib/ids';
