/** Area-code selector + mobile number input: one row of the plain phone forms (sign-up, OFW). */
import type { AreaCode } from '@shared/constants';

export interface PhoneFieldProps {
  areaCodes: readonly AreaCode[];
  areaCode: AreaCode;
  phone: string;
  placeholder: string;
  onAreaCode: (areaCode: AreaCode) => void;
  onPhone: (input: string) => void;
}

export function PhoneField({
  areaCodes,
  areaCode,
  phone,
  placeholder,
  onAreaCode,
  onPhone,
}: PhoneFieldProps) {
  return (
    <div className="form-row">
      <select
        aria-label="Area code"
        value={areaCode}
        onChange={(e) => onAreaCode(e.target.value as AreaCode)}
      >
        {areaCodes.map((code) => (
          <option key={code} value={code}>
            +{code}
          </option>
        ))}
      </select>
      <input
        aria-label="Mobile number"
        placeholder={placeholder}
        type="tel"
        inputMode="numeric"
        value={phone}
        onChange={(e) => onPhone(e.target.value)}
      />
    </div>
  );
}
