import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HomeScreen } from './screens/home/home-screen.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <HomeScreen />
  </StrictMode>,
);
