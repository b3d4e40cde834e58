/**
 * KYC application (PRODUCT.md §2 KYC, §3 KYC form data, §4 review info): the certList from
 * config/getCertificationConfig drives the six steps; every value goes into the core's persisted
 * KYC draft (KycFormStore) as it is typed, so a reload at any step loses nothing; the server's
 * restore items fill what the draft lacks; each step is saved with kyc/save, the sixth submits.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { endpoints } from '@shared/api/endpoints';
import type { CertItem } from '@shared/api/entities';
import { OK } from '@shared/codes';
import { lastOf } from '@shared/portable';
import type { Clock } from '@renderer/services/clock';
import type { Navigation } from '@renderer/services/navigation';
import type { UiService } from '@renderer/services/ui';
import type { ApiService } from '@renderer/services/ApiService';
import type { ConfigStore } from '@renderer/stores/ConfigStore';
import type { Feature } from '@renderer/stores/RootStore';
import type { SessionStore } from '@renderer/stores/SessionStore';
import { KycFormStore } from './KycFormStore';
import { chunkItems, manilaDay, restorableItems, stepsOf, validateStep } from './kycValidation';

export interface KycDeps {
  api: ApiService;
  config: ConfigStore;
  kycForm: KycFormStore;
  session: SessionStore;
  ui: UiService;
  navigation: Navigation;
  clock: Clock;
}

const FIX_ERRORS = 'Please check the fields marked in red.';

/** Review info states that clear the saved KYC form (PRODUCT.md §4): failed and rejected. */
const CLEARING_REVIEW_STATES = new Set([3, 4]);

export class KycStore {
  loading = false;
  /** The form's fields could not be loaded and none are cached: say so, offer a retry. */
  certListFailed = false;
  errors: Record<string, string> = {};
  /** Bumped on every KYC-invalid event; the screen scrolls to the first field in error. */
  invalidCount = 0;
  saving = false;
  reviewState: number | null = null;

  constructor(private readonly deps: KycDeps) {
    makeAutoObservable<KycStore, 'deps'>(this, { deps: false });
  }

  /** The draft being filled, persisted with its step (PRODUCT.md §3). */
  get draft(): KycFormStore {
    return this.deps.kycForm;
  }

  get certList(): CertItem[] {
    return this.deps.config.certList;
  }

  get steps(): number[] {
    return stepsOf(this.certList);
  }

  get step(): number {
    return this.deps.kycForm.step;
  }

  get lastStep(): number {
    return lastOf(this.steps) ?? 6;
  }

  get items(): CertItem[] {
    return this.certList.filter((item) => item.step === this.step);
  }

  get values(): Record<string, string> {
    return this.deps.kycForm.values;
  }

  /** Loads the certList (cached one shows at once) and merges the server's restore items. */
  async open(): Promise<void> {
    this.loading = this.certList.length === 0;
    this.errors = {};
    const { api, config, kycForm } = this.deps;
    const [certs, restore] = await Promise.allSettled([
      api.call('getCertificationConfig', {}),
      api.call('kycRestore', {}),
    ]);
    runInAction(() => {
      const loaded = certs.status === 'fulfilled' && certs.value.code === OK;
      if (loaded) config.setCertList(certs.value.data);
      this.certListFailed = !loaded && this.certList.length === 0;
      if (restore.status === 'fulfilled' && restore.value.code === OK) {
        const missing = restorableItems(kycForm.values, restore.value.data);
        if (missing.length > 0) kycForm.restore(missing);
      }
      this.loading = false;
    });
  }

  setValue(certification: string, value: string): void {
    this.deps.kycForm.setValue(certification, value);
    if (this.errors[certification]) {
      const { [certification]: _, ...rest } = this.errors;
      this.errors = rest;
    }
  }

  /** A field-level error found while picking (wrong type, too large) before any value exists. */
  setError(certification: string, message: string): void {
    this.errors = { ...this.errors, [certification]: message };
    this.invalidCount++;
  }

  back(): void {
    this.errors = {};
    this.deps.kycForm.setStep(this.step - 1);
  }

  /** Next (or Submit on the last step): validate, save the step, move on. */
  async next(): Promise<void> {
    // Without the certList there is nothing to validate: never save an empty step.
    if (this.saving || this.items.length === 0) return;
    const errors = validateStep(this.items, this.values, manilaDay(this.deps.clock.now()));
    this.errors = errors;
    if (Object.keys(errors).length > 0) {
      this.invalidCount++;
      this.deps.ui.toast(FIX_ERRORS, 'fail');
      return;
    }
    const step = this.step;
    const items = this.items
      .map((item) => ({
        certification: item.certification,
        value: this.values[item.certification] ?? '',
      }))
      .filter((item) => item.value !== '');
    this.saving = true;
    try {
      let submitted = false;
      for (const chunk of chunkItems(items)) {
        const answer = await this.deps.api.call('kycSave', { step, items: chunk });
        if (answer.code !== OK) return;
        submitted = answer.data.submitted;
      }
      if (submitted) {
        // Submitted: the draft (ID photo, selfie and signature as data URLs among it) has done
        // its job and leaves this device; until now it was kept for every reload.
        this.deps.kycForm.clear();
        void this.deps.session.refreshUser();
        this.deps.navigation.go('/kyc/review', { replace: true });
        return;
      }
      this.deps.kycForm.setStep(Math.min(this.lastStep, step + 1));
    } catch {
      // Already shown by the ApiService; the draft keeps everything.
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }

  /** loan/reviewInfo: a non-200 answer or state 3 or 4 clears the saved form (PRODUCT.md §4). */
  async loadReview(): Promise<void> {
    try {
      const answer = await this.deps.api.call('reviewInfo', {});
      const state = answer.code === OK ? answer.data.state : null;
      runInAction(() => {
        this.reviewState = state;
      });
      if (state === null || CLEARING_REVIEW_STATES.has(state)) this.deps.kycForm.clear();
    } catch {
      // No answer at all: nothing is known about the review, so the draft stays.
    }
  }
}

/** The kyc feature's store (RootStore.feature): made with the feature's code. */
export const kycFeature: Feature<KycStore> = {
  name: 'kyc',
  create: (root) => {
    const kycForm = new KycFormStore(root.services.storage);
    // The saved list is checked as the answer that filled it was.
    root.config.restoreCertList(
      (saved) => endpoints.getCertificationConfig.response.safeParse(saved).data,
    );
    return new KycStore({
      api: root.api,
      config: root.config,
      kycForm,
      session: root.session,
      ui: root.services.ui,
      navigation: root.services.navigation,
      clock: root.services.clock,
    });
  },
};
