// antd-mobile on React 19: Toast, Dialog and other imperative APIs render through this
// (DESIGN.md §8); without it they throw. Must run before any of them is used.
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';

unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    root.unmount();
  };
});
