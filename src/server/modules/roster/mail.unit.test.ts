import { describe, expect, it } from 'vitest';
import { permanentMailFailure, rosterInvitationEmail, rosterUnsubscribeUrl, verifyRosterUnsubscribe } from './mail';

const content = {
  hospitalName: 'St. <Mary> & "Sons"',
  brandColor: '#0f766e',
  providerName: "Ann <script>alert(1)</script> O'Neil, MD",
  specialty: "Urology & Men's health",
  filledSections: ['Professional Identity', 'Locations'],
  claimUrl: 'https://vitae.example/claim/abc"def',
  expiresAt: new Date('2026-12-05T10:00:00Z'),
  unsubscribeUrl: 'https://vitae.example/roster/unsubscribe/x.y',
};

describe('roster invitation e-mail', () => {
  it('carries the hospital, the pre-filled name and specialty, what is filled in, the link, the expiry and the unsubscribe link, every value escaped', () => {
    const mail = rosterInvitationEmail(content);
    expect(mail.subject).toBe('St. <Mary> & "Sons" has prepared your Vitae profile');
    expect(mail.html).toContain('St. &lt;Mary&gt; &amp; &quot;Sons&quot;');
    expect(mail.html).toContain('Ann &lt;script&gt;alert(1)&lt;/script&gt; O&#39;Neil, MD');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Urology &amp; Men&#39;s health');
    expect(mail.html).toContain('<li>Professional Identity</li><li>Locations</li>');
    expect(mail.html).toContain('href="https://vitae.example/claim/abc&quot;def"');
    expect(mail.html).toContain('expires on December 5, 2026');
    expect(mail.html).toContain('href="https://vitae.example/roster/unsubscribe/x.y"');
    expect(mail.html).toContain('background:#0f766e');
    expect(mail.text).toContain('Claim your profile: https://vitae.example/claim/abc"def');
    expect(mail.text).toContain('- Locations');
    expect(mail.text).toContain('Unsubscribe: https://vitae.example/roster/unsubscribe/x.y');
  });

  it('keeps a brand colour that is not a plain hex colour out of the style attribute', () => {
    const mail = rosterInvitationEmail({ ...content, brandColor: 'red;background:url(x)' });
    expect(mail.html).not.toContain('url(x)');
    expect(mail.html).toContain('background:#1d4ed8');
  });
});

describe('roster unsubscribe link', () => {
  const id = '6f1c1f0e-8d3b-4c53-9a55-0d6b8f1f2a11';
  it('verifies its own signature and refuses a changed id or signature', () => {
    const url = rosterUnsubscribeUrl('https://vitae.example', 's'.repeat(40), id);
    const signed = url.split('/').pop()!;
    expect(verifyRosterUnsubscribe('s'.repeat(40), signed)).toBe(id);
    expect(verifyRosterUnsubscribe('t'.repeat(40), signed)).toBe(null);
    expect(verifyRosterUnsubscribe('s'.repeat(40), signed.replace(id, id.replace('6f', '7f')))).toBe(null);
    expect(verifyRosterUnsubscribe('s'.repeat(40), 'nonsense')).toBe(null);
  });
});

describe('permanent mail failure', () => {
  it('is an SMTP 5xx, not a 4xx or a network error', () => {
    expect(permanentMailFailure(Object.assign(new Error('x'), { responseCode: 550, response: '550 5.1.1 No such user' }))).toBe('550 5.1.1 No such user');
    expect(permanentMailFailure(Object.assign(new Error('x'), { responseCode: 451, response: '451 try later' }))).toBe(null);
    expect(permanentMailFailure(new Error('connect ECONNREFUSED'))).toBe(null);
  });
});
