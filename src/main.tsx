import { startApp } from './app/startApp';

startApp(document.getElementById('root'));
