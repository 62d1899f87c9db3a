export { ContactMessages } from './ContactMessages';
export { MessageBooked } from './MessageBooked';
