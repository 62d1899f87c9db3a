export { Section } from './Section';
export { LiveContent } from './LiveContent';
export { saveOnline, saveQuickly, SaveRefused } from './saving';
export { toCsv } from './csv';
export { useShopFormat } from './format';
export { OtherLanguages } from './OtherLanguages';
export { sendQueuedMail, sendTicketsAgain, staffMail } from './staffMail';
export { enteredTime, fromLocalInput, inputZone, toLocalInput } from './dateTimeInput';
export { useLiveEntries, useLiveQueries, useOrderDetails, useOrderPays, type Live } from './liveReads';
