/** The web fallback of NativeHost: links, window.open, history and downloads. */

import type { BridgeData, BridgeMethod, BridgeParams, BridgeResult } from '@shared/bridge';
import { WEB_SYSTEM } from '@shared/constants';
import { type LinkPolicy, safeLink } from '@shared/links';
import { withH5Suffix } from './baseInfo';
import { type BaseInfo, type NativeHost, unsupported } from './NativeHost';
import { refusedLink } from './refusedLink';

/** The bits of `window` the web host uses (tests pass a fake). */
export interface WebWindow {
  open(url: string, target?: string, features?: string): unknown;
  location: { href: string };
  history: { length: number; back(): void };
  document: Document;
}

const ok: BridgeResult = { resultCode: 0 };

/** A download's file name: a link's last segment; a picture the page drew, "image.<type>". */
export function downloadNameOf(url: string): string {
  const drawn = /^data:image\/([a-z0-9.+-]+)[;,]/i.exec(url);
  if (drawn) return `image.${drawn[1]?.toLowerCase() === 'svg+xml' ? 'svg' : drawn[1]}`;
  if (url.startsWith('data:') || url.startsWith('blob:')) return 'image';
  return url.split('/').pop()?.split('?')[0] || 'image';
}

export class WebHost implements NativeHost {
  readonly native = false;

  constructor(
    private readonly win: WebWindow,
    private readonly deviceId: () => string,
    private readonly links: LinkPolicy = { allowHttp: true },
  ) {}

  async getBaseInfo(): Promise<BaseInfo> {
    return {
      deviceId: withH5Suffix(this.deviceId()),
      system: WEB_SYSTEM,
      tokenValue: '',
      version: '',
      profile: 'web',
    };
  }

  async call<M extends BridgeMethod>(
    method: M,
    params?: BridgeParams<M>,
  ): Promise<BridgeResult<BridgeData<M>>> {
    // The web answers carry no data, so the result fits every method's data type.
    return (await this.dispatch(method, params)) as BridgeResult<BridgeData<M>>;
  }

  private async dispatch(method: BridgeMethod, params: unknown): Promise<BridgeResult> {
    const p = (params ?? {}) as Record<string, string | undefined>;
    switch (method) {
      case 'closePage':
        return this.closePage();
      case 'dialPhone':
        return this.dialPhone(p.phone ?? '');
      case 'sendSms':
        return this.sendSms(p.phone ?? '', p.body);
      case 'composeEmail':
        return this.composeEmail(p.to ?? '', p.subject, p.body);
      case 'openBrowser':
        return this.openBrowser(p.url ?? '');
      case 'saveImageToAlbum':
        return this.saveImageToAlbum(p.url ?? '');
      default:
        return unsupported(method);
    }
  }

  async closePage(): Promise<BridgeResult> {
    // A web page cannot close itself: step back when there is somewhere to go back to.
    if (this.win.history.length > 1) this.win.history.back();
    return ok;
  }
  async kickOut(): Promise<BridgeResult> {
    return unsupported('kickOut');
  }
  async showLogin(): Promise<BridgeResult> {
    return unsupported('showLogin');
  }
  async saveImageToAlbum(url: string): Promise<BridgeResult> {
    const a = this.win.document.createElement('a');
    a.href = url;
    a.download = downloadNameOf(url);
    a.click();
    return ok;
  }
  async dialPhone(phone: string): Promise<BridgeResult> {
    this.win.location.href = `tel:${phone}`;
    return ok;
  }
  async sendSms(phone: string, body?: string): Promise<BridgeResult> {
    this.win.location.href = `sms:${phone}${body ? `?body=${encodeURIComponent(body)}` : ''}`;
    return ok;
  }
  async composeEmail(to: string, subject?: string, body?: string): Promise<BridgeResult> {
    const query = new URLSearchParams();
    if (subject) query.set('subject', subject);
    if (body) query.set('body', body);
    const qs = query.toString().replaceAll('+', '%20');
    this.win.location.href = `mailto:${to}${qs ? `?${qs}` : ''}`;
    return ok;
  }
  async openBrowser(url: string): Promise<BridgeResult> {
    const link = safeLink(url, this.links);
    if (link?.kind !== 'web') return refusedLink(url);
    this.win.open(link.href, '_blank', 'noopener,noreferrer');
    return ok;
  }
  on(): () => void {
    return () => {};
  }
}
