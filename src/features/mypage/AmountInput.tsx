import { amountDigits, amountDisplay } from './amountText';

export interface AmountInputProps {
  id: string;
  name: string;
  /** Digits only; shown with thousands separators. */
  digits: string;
  onDigits(digits: string): void;
  placeholder?: string;
  disabled?: boolean;
}

/** A whole-number amount box that shows 1,000,000 while the member types 1000000. */
export function AmountInput({ id, name, digits, onDigits, placeholder, disabled }: AmountInputProps) {
  return (
    <input
      id={id}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      disabled={disabled}
      value={amountDisplay(digits)}
      onChange={(event) => onDigits(amountDigits(event.target.value))}
    />
  );
}
