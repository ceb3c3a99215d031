import { useId, useState, type InputHTMLAttributes } from 'react';
import { useT, type TFunction } from '../../i18n';

/**
 * Shows a schema or server message in the reader's language when the catalog knows it.
 * `keys` is AUTH_MESSAGE_KEYS from the (lazily loaded) shared schemas module.
 */
export function translateMessage(t: TFunction, message: string, keys: Record<string, string> | undefined): string {
  const key = keys?.[message];
  return key ? t(`auth.validation.${key}`) : message;
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string;
};

export function TextField({ label, error, type = 'text', ...input }: FieldProps) {
  const id = useId();
  const t = useT();
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={isPassword && visible ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`field-input ${isPassword ? 'pe-10' : ''}`}
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 end-0 flex items-center rounded-ui px-3 text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
            aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
            aria-pressed={visible}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <path strokeLinecap="round" strokeLinejoin="round" d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
              <circle cx="12" cy="12" r="3" />
              {visible && <path strokeLinecap="round" d="M4 4l16 16" />}
            </svg>
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
