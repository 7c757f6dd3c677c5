import { typedDigits } from '../../contract/amounts';
import { formatNumber } from '../i18n/format';

export interface AmountInputProps {
  id: string;
  name: string;
  /** Digits only; shown with thousands separators. */
  digits: string;
  onDigits(digits: string): void;
  placeholder?: string;
  disabled?: boolean;
}

/** A whole-number amount box (won, points) that shows 1,000,000 while the member types 1000000. */
export function AmountInput({ id, name, digits, onDigits, placeholder, disabled }: AmountInputProps) {
  return (
    <input
      id={id}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      disabled={disabled}
      value={digits === '' ? '' : formatNumber(Number(digits))}
      onChange={(event) => onDigits(typedDigits(event.target.value))}
    />
  );
}
