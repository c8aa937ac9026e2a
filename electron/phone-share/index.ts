/**
 * Sharing the players' screen with phones on the table's network (issue 44): the server the main
 * process starts when the GM shares, and what the sharing dialog needs around it. No `electron`
 * import anywhere in this folder: it runs, and is tested, in plain Node.
 */
export { DEFAULT_PHONE_PORT, startPhoneServer, type PhoneServer, type PhoneServerOptions } from './server';
export { shareableInterfaces, type InterfaceTable, type ShareableInterface } from './interfaces';
export { newJoinCode, normalJoinCode, shownJoinCode } from './join-code';
export { PHONE_LIMITS, type PhoneLimits } from './limits';
export type { PhoneScreenUpdate } from './sse-events';
export { startPhoneServerProcess, type LaunchServerProcess, type ServerProcessHandle } from './server-process-client';
