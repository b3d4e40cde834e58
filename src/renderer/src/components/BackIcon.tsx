/**
 * The NavBar back arrow with an accessible name: antd-mobile renders the arrow inside a
 * role="button" without a label, which a screen reader announces as an unnamed button.
 */
import { LeftOutline } from 'antd-mobile-icons';

export const backIcon = (
  <span role="img" aria-label="Back">
    <LeftOutline />
  </span>
);
