export { useEvents } from './useEvents';
