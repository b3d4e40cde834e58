// Entry of the borrower SPA (built by issue 3).
export {};
const root = document.getElementById('root');
if (root) root.textContent = 'Loading';
