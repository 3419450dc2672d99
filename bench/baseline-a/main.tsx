// Baseline A of the front-end benchmark: the least a Vite + React 19 page costs, a heading and a
// paragraph rendered by React with no other library, so the site's figures read against it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <h1>Baseline A</h1>
      <p>A bare Vite and React 19 page: one heading and one paragraph, rendered in the browser.</p>
    </StrictMode>,
  );
}
