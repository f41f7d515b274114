import { createRoot } from 'react-dom/client';
import { start } from './app/start';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

start(createRoot(container));
