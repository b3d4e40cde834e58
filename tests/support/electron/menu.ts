/**
 * `Menu` (docs/api/menu.md): `buildFromTemplate` makes a menu of the template's items, and
 * `setApplicationMenu` shows it; a click runs the item's `click(menuItem, window, event)`. A
 * click is Electron calling main (nativeEmitter.ts): a throw is uncaught.
 */
import { raiseUncaught } from './nativeEmitter';

/** A menu item as main built it. */
export interface MenuItemRecord {
  label?: string;
  role?: string;
  click?: (...args: unknown[]) => void;
  submenu?: MenuItemRecord[];
}

export class FakeMenu {
  current: MenuItemRecord[] | null = null;

  get module(): Record<string, unknown> {
    return {
      buildFromTemplate: (template: MenuItemRecord[]) => template,
      setApplicationMenu: (menu: MenuItemRecord[] | null) => {
        this.current = menu;
      },
    };
  }

  /** Clicks an item of the application menu by its path of labels (or roles). */
  click(path: readonly string[]): void {
    let items = this.current ?? [];
    let item: MenuItemRecord | undefined;
    for (const name of path) {
      item = items.find((i) => i.label === name || i.role === name);
      if (!item) throw new Error(`No menu item ${path.join(' → ')}`);
      items = item.submenu ?? [];
    }
    if (!item?.click) throw new Error(`Menu item ${path.join(' → ')} does nothing`);
    try {
      item.click(item, undefined, {});
    } catch (error) {
      raiseUncaught(error);
    }
  }
}
