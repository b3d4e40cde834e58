// antd-mobile on React 19: Toast, Dialog and other imperative APIs render through this
// (DESIGN.md §8); without it they throw. Must run before any of them is used.
// The module itself, not the package index: the index would share a chunk with the animation
// library every imperative component needs, and load it with this.
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot } from 'react-dom/client';

unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    root.unmount();
  };
});
