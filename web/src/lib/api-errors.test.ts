import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors';
import { errors as catalog } from '../../../shared/i18n/errors';
import { setLanguage, t } from '../i18n';
import { ApiError } from './api';
import {
  errorDetail,
  issuesToErrors,
  isVersionConflict,
  registerMessages,
  translateApiError,
  translateMessage,
} from './api-errors';
import { addArea } from '../../../shared/i18n';

const body = (error: Record<string, unknown>) => JSON.stringify({ error });

addArea('kittest', {
  en: { messages: { plateTaken: 'Plate taken (en)', minAge: 'At least {{minAge}}' } },
  ar: { messages: { plateTaken: 'اللوحة مستخدمة', minAge: 'على الأقل {{minAge}}' } },
});
registerMessages('kittest.messages', { plateTaken: 'A vehicle with this plate exists', minAge: 'Too young' });

afterEach(() => setLanguage('en'));

describe('translateApiError', () => {
  it('has an English and an Arabic text for every error code', () => {
    for (const code of Object.values(ERROR_CODES)) {
      expect(catalog.en.codes[code], code).toBeTruthy();
      expect(catalog.ar.codes[code], code).toBeTruthy();
      expect(catalog.ar.codes[code]).not.toBe(catalog.en.codes[code]);
    }
  });

  it('chooses the text by code, in the reader’s language, whatever English the server sent', () => {
    const error = new ApiError(409, body({ code: 'VERSION_CONFLICT', message: 'Some server wording' }));
    expect(translateApiError(error, t).message).toBe(catalog.en.codes.VERSION_CONFLICT);
    setLanguage('ar');
    expect(translateApiError(error, t)).toEqual({
      code: 'VERSION_CONFLICT',
      message: catalog.ar.codes.VERSION_CONFLICT,
      fields: {},
    });
  });

  it('falls back to the code the status implies when the server sent none', () => {
    expect(translateApiError(new ApiError(404, 'Not Found'), t)).toMatchObject({
      code: 'NOT_FOUND',
      message: catalog.en.codes.NOT_FOUND,
    });
    // A function that died (502) or timed out (504): "temporarily unavailable, try again" (issue 30).
    expect(translateApiError(new ApiError(502, 'Bad gateway'), t).code).toBe('SERVICE_UNAVAILABLE');
    expect(translateApiError(new ApiError(504, 'Gateway timeout'), t).code).toBe('SERVICE_UNAVAILABLE');
    expect(translateApiError(new ApiError(500, 'Internal'), t).code).toBe('INTERNAL_ERROR');
  });

  it('translates registered field messages, keeps unknown ones as sent, and leads with the field reason on validation errors', () => {
    setLanguage('ar');
    const error = new ApiError(
      400,
      body({
        code: 'VALIDATION_FAILED',
        message: 'Please correct',
        fields: { licensePlate: 'A vehicle with this plate exists', other: 'Unregistered words' },
      }),
    );
    const out = translateApiError(error, t);
    expect(out.fields).toEqual({ licensePlate: 'اللوحة مستخدمة', other: 'Unregistered words' });
    expect(out.message).toBe('اللوحة مستخدمة');
  });

  it('prefers a registered server message over the generic code text, with parameters', () => {
    const error = new ApiError(
      400,
      body({ code: 'BAD_REQUEST', message: 'Too young', fields: { dateOfBirth: 'Too young' } }),
    );
    expect(translateApiError(error, t, { minAge: 21 })).toEqual({
      code: 'BAD_REQUEST',
      message: 'At least 21',
      fields: { dateOfBirth: 'At least 21' },
    });
  });

  it('says "network" for a failed fetch and "unknown" for anything else', () => {
    expect(translateApiError(new TypeError('Failed to fetch'), t).message).toBe(catalog.en.network);
    expect(translateApiError(new Error('boom'), t).message).toBe(catalog.en.unknown);
  });
});

describe('issuesToErrors / translateMessage / errorDetail', () => {
  it('keeps the first message per field, by first segment or dotted path', () => {
    const issues = [
      { path: ['branding', 'primaryColor'], message: 'A vehicle with this plate exists' },
      { path: ['branding', 'accentColor'], message: 'x' },
      { path: ['branding', 'primaryColor'], message: 'second' },
    ];
    expect(issuesToErrors(t, issues)).toEqual({ branding: 'Plate taken (en)' });
    expect(issuesToErrors(t, issues, { dotted: true })).toEqual({
      'branding.primaryColor': 'Plate taken (en)',
      'branding.accentColor': 'x',
    });
    expect(translateMessage(t, 'never registered')).toBe('never registered');
  });

  it('reads structured details from error.details or the error itself', () => {
    const conflicts = [{ kind: 'rental', refId: 'R1' }];
    expect(
      errorDetail(new ApiError(409, body({ code: 'BOOKING_CONFLICT', details: { conflicts } })), 'conflicts'),
    ).toEqual(conflicts);
    expect(errorDetail(new ApiError(409, body({ code: 'BOOKING_CONFLICT', conflicts })), 'conflicts')).toEqual(
      conflicts,
    );
    expect(errorDetail(new ApiError(500, 'not json'), 'conflicts')).toBeUndefined();
    expect(isVersionConflict(new ApiError(409, body({ code: 'VERSION_CONFLICT' })))).toBe(true);
    expect(isVersionConflict(new ApiError(409, body({ code: 'BOOKING_CONFLICT' })))).toBe(false);
  });
});
