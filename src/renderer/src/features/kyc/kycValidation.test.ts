import { describe, expect, it } from 'vitest';
import certList from '@fixtures/reference/certification-config.json';
import type { CertItem } from '@shared/api/entities';
import { MAX_CIPHERTEXT_B64 } from '@shared/envelope';
import { MAX_IMAGE_CHARS } from './components/imageFile';
import {
  ADDRESS_RULE,
  CONTACT_NAME_RULE,
  checkPickedFile,
  chooseMessage,
  chunkItems,
  DATE_RULE,
  dataUrlBytes,
  EMAIL_RULE,
  FILE_RULE,
  FUTURE_DATE,
  formatContact,
  IMAGE_RULE,
  MOBILE_RULE,
  manilaDay,
  PDF_MAX_BYTES,
  requiredMessage,
  restorableItems,
  SAVE_CHUNK_CHARS,
  SIGN_RULE,
  stepsOf,
  tooLargeMessage,
  tooLongMessage,
  UNDER_AGE,
  uploadMessage,
  validateKycItem,
  validateStep,
} from './kycValidation';

const items = certList as CertItem[];
const item = (certification: string): CertItem => {
  const found = items.find((i) => i.certification === certification);
  if (!found) throw new Error(certification);
  return found;
};
const TODAY = '2026-11-21';
const png = (bytes: number) => `data:image/png;base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;
const contact = (name: string, mobile: string) => formatContact({ name, mobile });

describe('KYC item validators (every type of PRODUCT.md §2)', () => {
  it.each([
    // text
    ['firstName', '', requiredMessage('First Name')],
    ['firstName', '   ', requiredMessage('First Name')],
    ['firstName', 'Maria', undefined],
    ['firstName', 'x'.repeat(51), tooLongMessage('First Name', 50)],
    ['middleName', '', undefined],
    ['email', 'maria@example.ph', undefined],
    ['email', 'maria@', EMAIL_RULE],
    // radio / selects / jobType / income / payday
    ['gender', '', chooseMessage('Gender')],
    ['gender', 'female', undefined],
    ['gender', 'other', chooseMessage('Gender')],
    ['maritalStatus', 'married', undefined],
    ['maritalStatus', 'divorced', chooseMessage('Marital Status')],
    ['jobType', 'ofw', undefined],
    ['jobType', '', chooseMessage('Type of Work')],
    ['monthlyIncome', 'above_40_000', undefined],
    ['payday', 'every_friday', undefined],
    ['payday', 'daily', chooseMessage('Payday')],
    // address
    ['homeAddress', '12 Rizal St', undefined],
    ['homeAddress', 'Manila', ADDRESS_RULE],
    ['homeAddress', '', requiredMessage('Home Address')],
    // mobile
    ['alternateMobile', '', undefined],
    ['alternateMobile', '09171234567', undefined],
    ['alternateMobile', '0917 123 4567', undefined],
    ['alternateMobile', '9171234567', MOBILE_RULE],
    // contact
    ['contact1', '', requiredMessage('Emergency Contact (Family)')],
    ['contact1', contact('', ''), requiredMessage('Emergency Contact (Family)')],
    ['contact1', contact('Ana Santos', '09181234567'), undefined],
    ['contact1', contact('', '09181234567'), CONTACT_NAME_RULE],
    ['contact1', contact('Ana Santos', '12345'), MOBILE_RULE],
    // date
    ['birthday', '1990-05-17', undefined],
    ['birthday', '', chooseMessage('Date of Birth')],
    ['birthday', '1990-02-30', DATE_RULE],
    ['birthday', '17/05/1990', DATE_RULE],
    ['birthday', '2027-01-01', FUTURE_DATE],
    ['birthday', '2008-11-22', UNDER_AGE],
    ['birthday', '2008-11-21', undefined],
    // photo / file / signature
    ['idFront', '', uploadMessage('Photo of the Front of Your ID')],
    ['idFront', png(1000), undefined],
    ['idFront', png(5 * 1024 * 1024 + 3), tooLargeMessage(5 * 1024 * 1024)],
    ['idFront', 'data:application/pdf;base64,AAAA', IMAGE_RULE],
    ['idFront', 'not a data url', IMAGE_RULE],
    ['payslip', '', undefined],
    ['payslip', 'data:application/pdf;base64,AAAA', undefined],
    ['payslip', 'data:text/plain;base64,AAAA', FILE_RULE],
    ['signature', '', SIGN_RULE],
    ['signature', png(300), undefined],
    ['signature', 'data:image/jpeg;base64,AAAA', SIGN_RULE],
  ])('%s = %j → %s', (certification, value, error) => {
    expect(validateKycItem(item(certification), value, TODAY)).toBe(error);
  });

  it('every item type of the certList has a validator', () => {
    for (const i of items) expect(() => validateKycItem(i, '', TODAY)).not.toThrow();
    expect(new Set(items.map((i) => i.type)).size).toBe(13);
  });
});

describe('a picked file against its item', () => {
  it.each([
    ['idFront', 'image/jpeg', 4 * 1024 * 1024, undefined],
    ['idFront', 'image/jpeg', 6 * 1024 * 1024, tooLargeMessage(5 * 1024 * 1024)],
    ['idFront', 'application/pdf', 100, IMAGE_RULE],
    ['payslip', 'image/jpeg', 9 * 1024 * 1024, undefined],
    ['payslip', 'image/png', 11 * 1024 * 1024, tooLargeMessage(10 * 1024 * 1024)],
    ['payslip', 'application/pdf', 200 * 1024, undefined],
    ['payslip', 'application/pdf', 201 * 1024, 'The file is too large. The maximum is 200 KB.'],
    ['payslip', 'application/zip', 100, FILE_RULE],
  ])('%s: %s of %s bytes → %s', (certification, type, size, error) => {
    expect(checkPickedFile(item(certification), { type, size })).toBe(error);
  });

  it('says the limit in MB', () => {
    expect(tooLargeMessage(5 * 1024 * 1024)).toBe('The file is too large. The maximum is 5 MB.');
  });

  it.each([
    ['data:image/png;base64,AAAA', 3],
    ['data:image/png;base64,AAA=', 2],
    ['data:image/png;base64,AA==', 1],
    ['hello', Number.NaN],
  ])('%s decodes to %s bytes', (value, bytes) => {
    expect(dataUrlBytes(value)).toBe(bytes);
  });
});

describe('kyc/save chunks', () => {
  it('a chunk and the largest PDF data URL fit one encrypted body', () => {
    expect(SAVE_CHUNK_CHARS).toBeLessThan((MAX_CIPHERTEXT_B64 * 3) / 4);
    expect(Math.ceil((PDF_MAX_BYTES * 4) / 3) + 40).toBeLessThan(SAVE_CHUNK_CHARS);
    expect(MAX_IMAGE_CHARS).toBeLessThan(SAVE_CHUNK_CHARS);
  });

  const v = (name: string, chars: number) => ({ certification: name, value: 'x'.repeat(chars) });
  it.each([
    [[], []],
    [[v('a', 10), v('b', 10)], [['a', 'b']]],
    [
      [v('a', 60), v('b', 50), v('c', 10)],
      [['a'], ['b', 'c']],
    ],
    [
      [v('a', 150), v('b', 10)],
      [['a'], ['b']],
    ],
    [
      [v('a', 100), v('b', 1)],
      [['a'], ['b']],
    ],
  ])('%# splits into %j', (items, chunks) => {
    expect(chunkItems(items, 100).map((c) => c.map((i) => i.certification))).toEqual(chunks);
  });
});

describe('steps, restore and the calendar day', () => {
  it('the certList has steps 1 to 6', () => {
    expect(stepsOf(items)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('lists the errors of a step in certList order', () => {
    const step1 = items.filter((i) => i.step === 1);
    expect(Object.keys(validateStep(step1, { firstName: 'Maria' }, TODAY))).toEqual([
      'lastName',
      'gender',
      'birthday',
      'maritalStatus',
      'education',
    ]);
  });

  it('restore fills only what the local draft lacks', () => {
    expect(
      restorableItems({ firstName: 'Typed' }, [
        { certification: 'firstName', value: 'Old' },
        { certification: 'lastName', value: 'Santos' },
        { certification: 'email', value: '' },
      ]),
    ).toEqual([{ certification: 'lastName', value: 'Santos' }]);
  });

  it('uses the Manila day', () => {
    expect(manilaDay(Date.UTC(2026, 10, 20, 16, 30))).toBe('2026-11-21');
    expect(manilaDay(Date.UTC(2026, 10, 20, 15, 59))).toBe('2026-11-20');
  });
});
