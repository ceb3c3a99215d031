/** Company settings → Branding: the logo (saved at once), colours, accent style and a preview. */
import { useRef, useState, type ChangeEvent } from 'react';
import { ACCENT_STYLES, checkLogoFile, type CompanySettings } from '../../../../../shared/schemas/settings';
import { ConfirmDialog } from '../../../components/Dialogs';
import { toast } from '../../../components/toast/toast-store';
import { useT } from '../../../i18n';
import { toastApiError } from '../../../lib/api-errors';
import { ColorField, Section, SelectField, type TabBind } from '../fields';
import { uploadLogo, useSaveSettings } from '../settings-api';

export function BrandingTab({ settings, ...bind }: TabBind & { settings: CompanySettings }) {
  const { t, draft } = bind;
  return (
    <>
      <LogoSection settings={settings} />
      <Section title={t('settings.sections.colours')} className="grid gap-4 sm:grid-cols-2">
        <ColorField {...bind} path="primaryColor" />
        <ColorField {...bind} path="secondaryColor" />
        <SelectField {...bind} path="accentStyle" options={ACCENT_STYLES} labelPrefix="settings.accent" />
        <p className="self-end text-xs text-slate-600 dark:text-slate-300">{t('settings.hint.font')}</p>
        <BrandPreview
          primary={String(draft.primaryColor)}
          secondary={String(draft.secondaryColor)}
          accent={String(draft.accentStyle)}
          name={String(draft.name)}
        />
      </Section>
    </>
  );
}

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * White or black text, whichever has the higher WCAG contrast on the background: the better of
 * the two is always at least 4.58:1, so any picked colour gives readable (AA) text.
 */
export function readableTextOn(hex: string): string {
  const bg = luminance(hex);
  const onWhite = 1.05 / (bg + 0.05);
  const onBlack = (bg + 0.05) / 0.05;
  return onWhite >= onBlack ? '#FFFFFF' : '#000000';
}

function BrandPreview({
  primary,
  secondary,
  accent,
  name,
}: {
  primary: string;
  secondary: string;
  accent: string;
  name: string;
}) {
  const t = useT();
  const radius = accent === 'rounded' ? '9999px' : accent === 'sharp' ? '0' : '0.5rem';
  const ok = (c: string) => /^#[0-9A-Fa-f]{6}$/.test(c);
  // The sample buttons wear the company's colours; their text follows the colour so the preview
  // stays readable whatever colour is picked.
  const swatch = (colour: string) =>
    ok(colour) ? { background: colour, color: readableTextOn(colour), borderRadius: radius } : { borderRadius: radius };
  return (
    <div className="sm:col-span-2" aria-label={t('settings.preview')}>
      <p className="field-label">{t('settings.preview')}</p>
      <div
        className="flex flex-wrap items-center gap-3 rounded-ui border border-slate-200 p-4 dark:border-slate-700"
        style={{ borderInlineStartColor: ok(secondary) ? secondary : undefined, borderInlineStartWidth: 4 }}
      >
        <span className="font-semibold">{name}</span>
        <span className="px-4 py-2 text-sm font-medium" style={swatch(primary)}>
          {t('settings.previewButton')}
        </span>
        <span className="px-4 py-2 text-sm font-medium" style={swatch(secondary)}>
          {t('settings.previewSecondary')}
        </span>
      </div>
    </div>
  );
}

/** The logo is saved at once, independently of the colour form. */
function LogoSection({ settings }: { settings: CompanySettings }) {
  const t = useT();
  const save = useSaveSettings();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkLogoFile(file);
    if (problem) {
      setError(t(`settings.messages.${problem}`));
      return;
    }
    setError('');
    setProgress(0);
    try {
      const up = await uploadLogo(file, setProgress);
      await save({ version: settings.version, logoKey: up.key });
      toast({ title: t('settings.logoUploaded'), variant: 'success' });
    } catch (err) {
      setError(toastApiError(t('settings.logoFailed'), err).message);
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await save({ version: settings.version, logoKey: null });
      toast({ title: t('settings.logoRemoved'), variant: 'success' });
      setConfirmRemove(false);
    } catch (err) {
      toastApiError(t('settings.saveFailed'), err);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Section title={t('settings.sections.logo')}>
      <div className="flex flex-wrap items-center gap-4">
        <div className="grid h-24 w-24 shrink-0 place-items-center overflow-hidden rounded-ui border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800">
          {settings.logoUrl ? (
            <img
              src={settings.logoUrl}
              alt={t('settings.logoAlt', { name: settings.name })}
              width={96}
              height={96}
              className="h-24 w-24 object-contain"
            />
          ) : (
            <span className="px-2 text-center text-xs text-slate-600 dark:text-slate-300">
              {t('settings.logoNone')}
            </span>
          )}
        </div>
        <div className="space-y-2">
          <input
            ref={inputRef}
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            aria-label={t('settings.field.logo')}
            data-testid="logo-input"
            onChange={onFile}
            tabIndex={-1}
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => inputRef.current?.click()}
              disabled={progress !== null}
            >
              {t('settings.logoChoose')}
            </button>
            {settings.logoUrl && (
              <button
                type="button"
                className="btn-ghost text-red-700 dark:text-red-300"
                onClick={() => setConfirmRemove(true)}
                disabled={progress !== null}
              >
                {t('settings.logoRemove')}
              </button>
            )}
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('settings.hint.logoRules')}</p>
          {progress !== null && (
            <div className="w-64">
              <div
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                aria-label={t('settings.logoUploading', { percent: progress })}
                className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
              >
                <div className="h-full bg-primary-strong transition-all" style={{ width: `${progress}%` }} />
              </div>
              <p className="mt-1 text-xs" aria-live="polite">
                {t('settings.logoUploading', { percent: progress })}
              </p>
            </div>
          )}
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirmRemove}
        title={t('settings.logoRemoveTitle')}
        body={t('settings.logoRemoveBody')}
        confirmLabel={t('settings.logoRemove')}
        pending={removing}
        onConfirm={remove}
        onClose={() => setConfirmRemove(false)}
      />
    </Section>
  );
}
