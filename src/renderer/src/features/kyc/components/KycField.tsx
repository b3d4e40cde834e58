/** One certList item as a form field of its type (PRODUCT.md §2 item types), with its error. */
import { observer } from 'mobx-react-lite';
import type { CertItem } from '@shared/api/entities';
import { missingCaseError } from '@shared/missingCaseError';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { kycFeature } from '@renderer/features/kyc/KycStore';
import { formatContact, manilaDay, parseContact } from '@renderer/features/kyc/kycValidation';
import { SignaturePad } from './SignaturePad';
import { UploadInput } from './UploadInput';

const Control = observer(function Control({ item, id }: { item: CertItem; id: string }) {
  const { services } = useStores();
  const kyc = useFeature(kycFeature);
  const value = kyc.values[item.certification] ?? '';
  const set = (next: string) => kyc.setValue(item.certification, next);
  const error = kyc.errors[item.certification];
  const aria = {
    'aria-invalid': error !== undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  const type = item.type;
  switch (type) {
    case 'text':
    case 'mobile':
      return (
        <input
          id={id}
          type={type === 'mobile' ? 'tel' : item.certification === 'email' ? 'email' : 'text'}
          inputMode={type === 'mobile' ? 'numeric' : undefined}
          maxLength={item.maxLength}
          value={value}
          onChange={(event) => set(event.target.value)}
          {...aria}
        />
      );
    case 'address':
      return (
        <textarea
          id={id}
          rows={2}
          maxLength={item.maxLength}
          value={value}
          onChange={(event) => set(event.target.value)}
          {...aria}
        />
      );
    case 'radio':
      return (
        <div className="field__choices" role="radiogroup" aria-labelledby={`${id}-label`} {...aria}>
          {(item.options ?? []).map((option) => (
            <label key={option.value}>
              <input
                type="radio"
                name={id}
                value={option.value}
                checked={value === option.value}
                onChange={() => set(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      );
    case 'selects':
    case 'jobType':
    case 'income':
    case 'payday':
      return (
        <select id={id} value={value} onChange={(event) => set(event.target.value)} {...aria}>
          <option value="">Please choose</option>
          {(item.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case 'date':
      return (
        <input
          id={id}
          type="date"
          max={manilaDay(services.clock.now())}
          value={value}
          onChange={(event) => set(event.target.value)}
          {...aria}
        />
      );
    case 'contact': {
      const contact = parseContact(value);
      return (
        <div className="field__choices" style={{ display: 'grid' }}>
          <input
            id={id}
            type="text"
            placeholder="Name"
            aria-label={`${item.label} name`}
            maxLength={60}
            value={contact.name}
            onChange={(event) => set(formatContact({ ...contact, name: event.target.value }))}
            {...aria}
          />
          <input
            type="tel"
            inputMode="numeric"
            placeholder="09XXXXXXXXX"
            aria-label={`${item.label} mobile number`}
            maxLength={13}
            value={contact.mobile}
            onChange={(event) => set(formatContact({ ...contact, mobile: event.target.value }))}
          />
        </div>
      );
    }
    case 'photo':
    case 'file':
      return (
        <UploadInput
          item={item}
          value={value}
          onChange={set}
          onError={(message) => kyc.setError(item.certification, message)}
        />
      );
    case 'signature':
      return <SignaturePad id={id} label={item.label} value={value} onChange={set} />;
    default:
      throw missingCaseError(type);
  }
});

export const KycField = observer(function KycField({ item }: { item: CertItem }) {
  const kyc = useFeature(kycFeature);
  const id = `kyc-${item.certification}`;
  const error = kyc.errors[item.certification];
  const labelFor = item.type === 'radio' ? undefined : id;
  return (
    <div className={`field${error ? ' field--error' : ''}`} data-kyc-field={item.certification}>
      {labelFor ? (
        <label className="field__label" id={`${id}-label`} htmlFor={labelFor}>
          {item.label}
          {item.required ? '' : ' (optional)'}
        </label>
      ) : (
        <span className="field__label" id={`${id}-label`}>
          {item.label}
        </span>
      )}
      <Control item={item} id={id} />
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
});
