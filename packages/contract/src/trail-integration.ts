import { z } from 'zod';
import { TrailType } from './enums.ts';
import { entry } from './trail-entry.ts';
import {
  bulkImported,
  certifiedCopyMade,
  exchangeExport,
  exchangeImportCreated,
  exchangeImported,
  exchangeImportStep,
} from './trail-shapes-exchange.ts';
import {
  apiTokenShape,
  serviceAccountShape,
  signInPolicyShape,
  ssoProviderShape,
  ssoRuleShape,
  totpState,
  webhookSendShape,
  webhookSettingsShape,
  webhookShape,
} from './trail-shapes-identity.ts';

/** The trail rows of exchange (issue 28) and of identity and integration (issue 29), in trail.ts's union in place. */
export const INTEGRATION_ENTRIES = [
  // Exchange (issue 28), shapes in trail-shapes-exchange.ts; each part's entries under its heading.
  // part 1: EMS export
  entry(TrailType.View, 'exchange_export', { new: exchangeExport }),
  // part 2: EMS import
  entry(TrailType.Create, 'exchange_import', { new: exchangeImportCreated }),
  entry(TrailType.Update, 'exchange_import', { new: exchangeImportStep }),
  entry(TrailType.Create, 'document', { new: exchangeImported }),
  // part 3: bulk import
  entry(TrailType.Create, 'document', { new: bulkImported }),
  // part 4: certified copies
  entry(TrailType.Update, 'document', { new: certifiedCopyMade }),
  // part 5: the inspection package
  // Identity and integration (issue 29), shapes in trail-shapes-identity.ts; each part's entries under its heading.
  // part 1 and 2: single sign-on
  entry(TrailType.SettingsChange, 'sso_provider', {
    old: ssoProviderShape.nullable(),
    new: ssoProviderShape.nullable(),
  }),
  entry(TrailType.SettingsChange, 'sso_group_rule', { old: ssoRuleShape.nullable(), new: ssoRuleShape.nullable() }),
  // part 3: two-factor sign-in
  entry(TrailType.UserChange, 'user_totp', { old: totpState, new: totpState }),
  entry(TrailType.SettingsChange, 'sign_in_policy', { old: signInPolicyShape, new: signInPolicyShape }),
  // part 4: API tokens
  entry(TrailType.SettingsChange, 'api_token', { old: apiTokenShape.nullable(), new: apiTokenShape }),
  entry(TrailType.UserChange, 'service_account', { old: serviceAccountShape.nullable(), new: serviceAccountShape }),
  // part 5: webhooks
  entry(TrailType.SettingsChange, 'webhook', { old: webhookShape.nullable(), new: webhookShape.nullable() }),
  entry(TrailType.SettingsChange, 'webhook_delivery', { old: z.null(), new: webhookSendShape }),
  entry(TrailType.SettingsChange, 'webhook_settings', { old: webhookSettingsShape, new: webhookSettingsShape }),
] as const;
