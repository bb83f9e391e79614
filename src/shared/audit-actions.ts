/**
 * The system audit log in plain words: one label per action code that the server records
 * (`recordAudit` in src/server/modules/audit/service.ts). The page, the CSV export and any report read
 * labels from here; a code not listed yet still reads as words (auditActionLabel), so a new action is
 * never shown as a raw code, but it should be added here with the code that records it.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  // Providers' accounts
  'provider.signed_up': 'Signed up as a provider',
  'provider.email_confirmed': 'Confirmed their e-mail address',
  'provider.drafted_from_roster': 'Draft profile pre-filled from the hospital roster',
  'provider.sign_in': 'Signed in',
  'provider.sign_in_failed': 'Failed to sign in',
  'provider.sign_in_refused_admin': 'Refused a provider sign-in to an administrator account',
  sign_out: 'Signed out',
  'profile.yext_sync': 'Imported their profile from the listing service',
  // Administrators' accounts
  'admin.sign_in': 'Administrator signed in',
  'admin.sign_out': 'Administrator signed out',
  'admin.magic_link.sent': 'Sent an administrator sign-in link',
  'admin.magic_link.rate_limited': 'Refused a sign-in link: too many requests',
  'admin.magic_link.unknown_email': 'Refused a sign-in link: unknown address',
  'admin.magic_link.inactive': 'Refused a sign-in link: deactivated administrator',
  'admin_user.create': 'Invited an administrator',
  'admin_user.update': 'Changed an administrator',
  'admin_user.deactivate': 'Deactivated an administrator',
  'admin_user.delete': 'Deleted an administrator',
  'admin_user.password_change': 'Changed their administrator password',
  'authz.denied': 'Was refused access',
  'rate_limit.exceeded': 'Hit a rate limit',
  // Providers managed by administrators
  'user.delete': 'Deleted a provider',
  'user.tier': "Changed a provider's tier",
  'user.sync_auth_status': "Synced a provider's sign-in status",
  'user.hospital_assigned': 'Assigned a provider to a hospital',
  'user.hospital_request_declined': "Declined a provider's request to join a hospital",
  'provider.completion_reminder': 'Reminded a provider to finish their profile',
  // The public directory
  'directory.listing_requested': 'Asked to publish a public listing',
  'directory.listing_approved': 'Approved a public listing',
  'directory.listing_published': 'Published a public listing',
  'directory.listing_unpublished': 'Took down a public listing',
  'directory.listing_removed': 'Took down a public listing',
  'directory.listing_withdrawn': 'Withdrew a public listing',
  'directory.listing_rejected': 'Declined a public listing',
  'directory.listing_reset': 'Reset a public listing after a hospital move',
  'directory.listing_recheck': 'Sent a public listing back for approval: the name or NPI changed',
  'npi.claim_filed': 'Claimed an NPI held by another account',
  'npi.claim_granted': 'Granted an NPI claim',
  'npi.claim_refused': 'Refused an NPI claim',
  'hospital.directory_updated': "Changed the hospital's public directory",
  'hospital.embed_updated': 'Changed the websites allowed to embed the directory',
  // Appointment requests from the public pages (health information: every read is recorded)
  'appointment_request.received': 'Received an appointment request',
  'appointment_request.read': 'Read an appointment request',
  'appointment_request.status_changed': "Changed an appointment request's status",
  // Hospitals
  'hospital.create': 'Created a hospital',
  'hospital.update': 'Changed a hospital',
  'hospital.deactivate': 'Deactivated a hospital',
  'hospital.delete': 'Deleted a hospital',
  'hospital.section_permissions.update': 'Changed which profile sections are shown and required',
  'hospital.reading_levels.update': 'Changed the reading levels',
  'hospital_location.create': 'Added a hospital location',
  'hospital_location.update': 'Changed a hospital location',
  'hospital_location.delete': 'Deleted a hospital location',
  'hospital_location.bulk_create': 'Uploaded hospital locations',
  'data_source.create': 'Added a data source',
  'data_source.update': 'Changed a data source',
  'data_source.delete': 'Deleted a data source',
  'yext.test': 'Tested the listing-service connection',
  'yext.term_sync': 'Imported terms from the listing service',
  'roster.upload': 'Uploaded a roster',
  'roster.drafting_started': 'Started pre-filling profiles from a roster',
  // Brand
  'brand.settings.update': 'Changed the brand settings',
  'brand.writing_standards.update': 'Changed the writing standards',
  'brand.document.upload': 'Uploaded a brand document',
  'brand.document.make_primary': 'Made a brand document the primary one',
  'brand.document.delete': 'Deleted a brand document',
  // Terms and taxonomy
  'expertise_term.create': 'Added an expertise term',
  'expertise_term.update': 'Changed an expertise term',
  'expertise_term.delete': 'Deleted an expertise term',
  'expertise_term.bulk_create': 'Uploaded expertise terms',
  'expertise_term.replace_all': 'Replaced all expertise terms',
  'expertise_term.copy_defaults': 'Copied the default expertise terms',
  'default_term.create': 'Added a default expertise term',
  'default_term.update': 'Changed a default expertise term',
  'default_term.delete': 'Deleted a default expertise term',
  'taxonomy.upload': 'Uploaded a taxonomy',
  'taxonomy.upload.reject': 'Rejected a taxonomy upload',
  'taxonomy.upload.fail': 'A taxonomy upload failed',
  'taxonomy.reset': 'Reset the taxonomy to the defaults',
  'taxonomy.copy_defaults': 'Copied the default taxonomy',
  'taxonomy.config.update': 'Changed the taxonomy settings',
  'taxonomy.hospital.create': 'Added a hospital taxonomy entry',
  'taxonomy.hospital.update': 'Changed a hospital taxonomy entry',
  'taxonomy.hospital.delete': 'Deleted a hospital taxonomy entry',
  'taxonomy.default.create': 'Added a default taxonomy entry',
  'taxonomy.default.update': 'Changed a default taxonomy entry',
  'taxonomy.default.delete': 'Deleted a default taxonomy entry',
  // Help, templates, feedback
  'help.category.create': 'Added a help category',
  'help.category.update': 'Changed a help category',
  'help.category.delete': 'Deleted a help category',
  'help.category.reorder': 'Reordered the help categories',
  'help.faq.create': 'Added a help question',
  'help.faq.update': 'Changed a help question',
  'help.faq.delete': 'Deleted a help question',
  'help.faq.reorder': 'Reordered the help questions',
  'prompt_template.create': 'Added a writing template',
  'prompt_template.update': 'Changed a writing template',
  'prompt_template.delete': 'Deleted a writing template',
  'prompt_template.restore': 'Restored a writing template',
  'feedback.status': "Changed a feedback item's status",
  'feedback.bulk_archive': 'Archived feedback',
  'feedback.bulk_delete': 'Deleted feedback',
  archive: 'Archived',
};

/** An action's label; an unlisted code reads as words ("directory.photo_hidden" → "Directory: photo hidden"). */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const parts = action
    .split('.')
    .map((part) =>
      part
        .replace(/[_-]+/g, ' ')
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .trim()
        .toLowerCase(),
    )
    .filter(Boolean);
  if (parts.length === 0) return 'Unknown action';
  const sentence = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(' ')}: ${parts.at(-1)}`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
