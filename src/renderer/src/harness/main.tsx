// Entry of the simulator control panel (built by issue 4).
export {};
const root = document.getElementById('harness');
if (root) root.textContent = 'Direct Loan simulator';
