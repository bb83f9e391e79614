import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { helpCategories, helpFaqs, promptTemplates } from '../schema';

/**
 * The Help Center's first articles and the platform's default biography templates. Both are filled
 * only while their tables (or, for templates, the global defaults) are empty, so a restart never
 * overwrites what administrators have since edited, and a deleted article stays deleted.
 */

interface SeedCategory {
  title: string;
  icon: string;
  description: string;
  faqs: Array<[question: string, answer: string]>;
}

export const HELP_SEED: readonly SeedCategory[] = [
  {
    title: 'Getting started',
    icon: 'rocket',
    description: 'Create your account and let the national registry fill in the basics.',
    faqs: [
      [
        'How do I create my Vitae account?',
        `Choose **Get Started** on the home page (or go to [/unified-signup](/unified-signup)). Sign-up has two short steps:

1. **Your account**: your work e-mail, a password of at least 8 characters (common passwords are refused) typed twice, and your agreement to the Terms of Service and Privacy Policy.
2. **Your professional details**: your NPI number (optional), full name, specialty, credential, job title and your hospital or health system.

When you finish, you are signed in and taken to your dashboard. If the e-mail already has an account, sign in instead or use **Forgot Password?** on the sign-in page.`,
      ],
      [
        'Why do you ask for my NPI number, and what does the lookup fill in?',
        `Your NPI (National Provider Identifier) is the 10-digit number every US clinician receives from CMS. Type it in step 2 of sign-up and choose **Look up**: Vitae checks that the number is valid and asks the national NPPES registry for your record.

If a record is found, your name, credential and primary specialty are filled in for you, and your Professional Identity starts with your licenses and registry specialties. You can change anything that was filled in; fields you edit by hand are remembered and are not overwritten when the registry is checked again.

The NPI is optional. An NPI can belong to only one Vitae account, so if yours is refused as already in use, contact your administrator.`,
      ],
      [
        'Which hospital should I choose?',
        `Choose the hospital or health system you practise with. It decides which sections your profile shows and requires, the list of locations you can pick from, the expertise terms for your specialty, and the reading level and tone used for your biography.

If the list does not load or your organisation is not there, you can finish sign-up without one; ask your hospital's Vitae administrator to add you.`,
      ],
      [
        'Can I add or change my NPI after signing up?',
        `Yes. Open **Professional Identity**, enter or correct your NPI and save. You can refresh your identity from the national registry at any time; details you typed yourself are kept, only the fields you have not changed are updated.`,
      ],
    ],
  },
  {
    title: 'Signing in and security',
    icon: 'key-round',
    description: 'Passwords, magic links, and keeping your account safe.',
    faqs: [
      [
        'How do I sign in?',
        `Go to [Sign In](/login). You can sign in two ways, chosen with the switch at the top of the form:

- **Password**: your e-mail and password. Tick **Remember me** on your own computer to stay signed in between visits.
- **Magic Link**: just your e-mail. We send you a one-time link; opening it signs you in.

After signing in you land on your dashboard.`,
      ],
      [
        'What is a magic link?',
        `A magic link is a one-time sign-in link sent to your e-mail, so you do not need a password. Choose **Magic Link** on the sign-in page, enter your e-mail and choose **Send Magic Link**.

- The link expires after **15 minutes** and works once.
- Open it in the same browser you want to use Vitae in.
- If it does not arrive within a few minutes, check your spam or quarantine folder, then request a new one. Only the newest link works.`,
      ],
      [
        'I forgot my password. What do I do?',
        `Choose **Forgot Password?** on the sign-in page and enter your e-mail. We send a link to set a new password; it expires, so use it soon. You can also sign in with a magic link and change your password afterwards in **Settings**.`,
      ],
      [
        'Why was I signed out?',
        `To protect patient-facing information on shared workstations, Vitae signs you out after **30 minutes without activity**. After 25 quiet minutes a warning counts down the last five; choose **Stay Logged In** to carry on. Anything you had already saved is kept.

You are also signed out when you (or someone with your password) choose **Sign out everywhere**, or when you change your password and choose to end your other sessions.`,
      ],
      [
        'How do I change my password or sign out on other devices?',
        `Open **Settings** from the account menu.

- **Change password** asks for your current password and a new one (at least 8 characters, not a common password).
- **Sign out everywhere** ends every session of your account, including the one you are using — useful if you signed in on a shared or lost device.`,
      ],
    ],
  },
  {
    title: 'Building your profile',
    icon: 'id-card',
    description: 'The nine sections of your profile and what good content looks like.',
    faqs: [
      [
        'What are the nine profile sections?',
        `Your profile is made of nine sections, each with its own page in the menu:

1. **Professional Identity** – name, credentials, NPI, department, specialties, licenses
2. **Education & Training** – medical school, residency, fellowship
3. **Practice Essentials** – new patients, age groups, appointment types, telehealth
4. **Locations** – where patients can see you
5. **Biography** – a professional and a public version
6. **Publications**
7. **Clinical Trials**
8. **Media & Press**
9. **Medical Expertise** – conditions, procedures and reasons for visit

Your hospital decides which sections you see and which are required. Each section saves on its own, so you can fill them in any order.`,
      ],
      [
        'Professional Identity: what should I include?',
        `This is the verified core of your profile. Include:

- Your **legal name**, and a **preferred name** if colleagues and patients know you by another first name. Add **pronouns** if you want them used in your biography.
- **Credentials** (MD, DO, NP, PA-C, FACC…), your **job title**, and your department, division and section.
- Your **primary specialty** and any additional specialties, **academic titles** (for example "Associate Professor of Medicine"), certifications and state **licenses**.

First name, last name, job title and primary specialty are what make this section complete.`,
      ],
      [
        'Education & Training: what counts?',
        `Add each stage of your training as its own entry: **medical school** (choose from the list or type the name), **residency**, **fellowship**, and any undergraduate, graduate or continuing education you want to show. Years are enough; exact dates are optional.

The section is complete once it includes your medical school. Entries imported from your hospital directory are marked so you can tell them apart from the ones you added.`,
      ],
      [
        'Practice Essentials: what do patients need to know?',
        `This section tells patients whether and how they can see you:

- Whether you are **accepting new patients** (the most-searched fact on any provider profile).
- The **age groups** you treat, **appointment types** and **telehealth** services.
- Your **practice name**, **practice focus** in a sentence (for example "Heart failure and cardiac imaging"), and hospital or group affiliations.

It is complete when the new-patient answer is set and there is a practice name or focus.`,
      ],
      [
        'Locations: how do I add where I practise?',
        `Pick from your hospital's list of locations — the address is filled in for you — or add your own. Add the floor or suite, phone and fax so patients reach the right desk, and note if telehealth is available there.

Mark one location as **primary**: it is the one patients are told to contact first. If you do not choose, the first location becomes primary.`,
      ],
      [
        'Biography: what goes in the professional and public versions?',
        `Your biography has two versions:

- **Professional** — for colleagues, referring physicians and credentialing. Your training, specialties, research and roles, written for a professional reader (by default around a grade-12 reading level, 150–200 words).
- **Public** — for patients. What you treat, how to see you, the languages you speak, in plain words (by default around grade 8, 120–150 words).

Choose **Write for me** to get a draft of both versions from your profile, following your hospital's reading levels, tone and brand guidelines. Drafts are only suggestions: nothing is saved until you choose **Use this**, edit the text and save. The draft only uses facts already in your profile, so the more complete your other sections are, the better it gets.

You can also add personal interests, awards and honours, memberships, volunteer work and languages here.`,
      ],
      [
        'Publications: how should I list my work?',
        `Add peer-reviewed articles, reviews, books and chapters with the title, authors, journal and date. A **DOI** or **PubMed ID** lets readers open the paper directly. Mark your most important work as **featured** so it is shown first. Publications found for you in the Discovery Lab appear here once you approve them.`,
      ],
      [
        'Clinical Trials: which studies should I add?',
        `Add the studies you lead or take part in, with the **NCT number** from ClinicalTrials.gov, phase, recruitment status, sponsor, your role and the conditions studied. Recruiting trials help patients find studies they may join. You can hide a trial without deleting it.`,
      ],
      [
        'Media & Press: what belongs here?',
        `Interviews, news articles, podcasts and videos that feature you, with the outlet, date and a link. Feature the pieces that best represent your work.`,
      ],
      [
        'Medical Expertise: how do I choose terms?',
        `Choose the **conditions** you treat, the **procedures** you perform and common **reasons for visit** from your hospital's list of expertise terms for your specialty. Using the shared list (rather than free text) is what lets directories and search engines match you to what patients search for. Pick the terms that reflect your actual practice rather than everything in your specialty.`,
      ],
    ],
  },
  {
    title: 'Dashboard and completion',
    icon: 'layout-dashboard',
    description: 'How your completion percentage and next steps are worked out.',
    faqs: [
      [
        'How is my profile completion percentage calculated?',
        `The percentage counts the **required** sections that are complete. Your hospital chooses which sections are required; by default they are Professional Identity, Education & Training and Practice Essentials. Optional sections do not lower your percentage, but completing them makes your profile more useful.

Each section is **complete**, **needs update** (started but missing something essential) or **missing** (nothing saved yet).`,
      ],
      [
        'Why does a finished section say it needs an update?',
        `A complete section that has not been saved for **12 months** is marked **needs update**, so your profile does not quietly go out of date. Open the section, check the details and save to confirm them.`,
      ],
      [
        'What are the next steps on my dashboard?',
        `Up to three suggestions of what to do next: required sections that are missing or unfinished come first, then optional ones. Each suggestion links straight to the section.`,
      ],
    ],
  },
  {
    title: 'Discovery Lab',
    icon: 'flask-conical',
    description: 'Publications, trials and media found for you, waiting for your review.',
    faqs: [
      [
        'What is the Discovery Lab?',
        `The Discovery Lab searches public sources for publications, clinical trials and media mentions that appear to be yours and lists them for review. Nothing found there appears on your profile until you **approve** it; approved items move into the matching section, where you can edit them like anything you added yourself.`,
      ],
      [
        'What happens when I reject an item?',
        `A rejected item is set aside, with an optional reason, and is **not offered to you again** in later searches. Rejecting never affects anything already on your profile.`,
      ],
    ],
  },
  {
    title: 'Feedback and support',
    icon: 'message-square',
    description: 'Tell us what works and what does not.',
    faqs: [
      [
        'How do I send feedback or report a problem?',
        `If your account takes part in the beta programme, a floating **Send Feedback** button appears at the bottom right of every page (you can drag it out of the way). Choose a category (bug, feature request, UX/UI issue, performance or other), a severity from 1 (low) to 5 (urgent), a title and a description. Steps to reproduce and a screenshot are optional but help us fix problems faster.

We record the page you were on and your browser version with the report, never your passwords.`,
      ],
      [
        "I don't see the Send Feedback button.",
        `The feedback widget is shown to beta and alpha participants while the beta programme runs. Everyone can reach us by e-mail at [support@vitae.health](mailto:support@vitae.health).`,
      ],
      [
        'Is there a limit on feedback?',
        `Yes: up to **10 reports an hour** and **50 a day** per person, which keeps the queue readable for the team. If you hit the limit, wait a little and send the rest later.`,
      ],
    ],
  },
  {
    title: 'Your data',
    icon: 'download',
    description: 'Exporting your profile and how your information is used.',
    faqs: [
      [
        'Can I download a copy of my profile?',
        `Yes. While signed in, open [/api/profile/export](/api/profile/export) in your browser: it downloads your whole profile as a JSON file — identity, education, practice, expertise, publications, trials, media, locations, biography, social media and licenses, with a few counts and the date of the export. JSON opens in any text editor and can be imported by most directory and CV tools.`,
      ],
      [
        'Who can see my profile?',
        `You, and the administrators of your hospital. Your hospital decides where the profile is published (for example its find-a-doctor directory). Read the [Privacy Policy](/privacy) for the details.`,
      ],
    ],
  },
  {
    title: 'For administrators',
    icon: 'shield-check',
    description: 'Running Vitae for your hospital or health system.',
    faqs: [
      [
        'How do administrators sign in?',
        `Administrators sign in separately at [/admin/login](/admin/login) with a **magic link** sent to their e-mail; a new link can be requested after 60 seconds, and at most 3 times in 5 minutes. An administrator session lasts up to **8 hours**.

A new administrator first receives an e-mail to set a password, and must do so before using the console.`,
      ],
      [
        'What can hospital administrators do, compared with system administrators?',
        `**Hospital administrators** manage their own hospital: its settings and locations, section permissions, reading levels, brand guidelines, prompt templates, specialty taxonomy and expertise terms, its providers and its administrators.

**System administrators** can do all of this for every hospital, and also create hospitals, edit the Help Center, edit global prompt templates and read the audit log.`,
      ],
      [
        'How do section permissions work?',
        `For each of the nine sections, choose whether providers of your hospital **see** it and whether it is **required**. A hidden section cannot be required. Only required sections count towards a provider's completion percentage, so require the sections your directory cannot do without. New hospitals start with all nine visible and the first three required.`,
      ],
      [
        'What are reading levels and word counts?',
        `Reading levels set the target for biographies written with **Write for me**: a US school grade (1–18) and a word range for each version, plus a tone. The defaults are grade **12**, 150–200 words, professional tone for the professional version, and grade **8**, 120–150 words, friendly tone for the public version.

Grades are measured with the Flesch–Kincaid formula (sentence length and syllables per word). Medical vocabulary raises the grade, so the public version needs shorter sentences and plain words. The **Brand** screen scores a sample paragraph against your levels as you type.`,
      ],
      [
        'How do brand voice and brand guidelines shape biographies?',
        `On the **Brand** screen you describe your hospital's **brand voice**, **tone guidelines** and **writing style notes**, and keep longer **writing standards**. Turn on **Apply automatically to prompts** to hand them to the AI writing service with every biography draft. You can also upload guideline documents (PDF, DOCX, PNG, JPEG or WEBP; SVG is refused because it can carry scripts) and mark one as primary.`,
      ],
      [
        'How do prompt templates work?',
        `A prompt template is the instruction the AI writing service follows when drafting a biography. There are two types, **professional** and **public**.

- **Global** templates (made by system administrators) apply to every hospital; a hospital's own templates apply to its providers. A hospital's **default** template of a type is used first, then the global default.
- Each type has at most one default per hospital; making a template the default replaces the previous one.
- Every save creates a new **version**. Open **History** to compare earlier versions and **restore** one — restoring creates a new version, so nothing is lost.

Templates may use the placeholders \`{{provider_name}}\`, \`{{hospital_name}}\`, \`{{reading_level}}\`, \`{{word_count_min}}\`, \`{{word_count_max}}\` and \`{{tone}}\`.`,
      ],
      [
        'How do I manage specialties and expertise terms?',
        `Each hospital can use the default specialty taxonomy or its own, and the default expertise terms or its own list. Edit entries one by one, or upload a CSV to add many at once (download the template from the screen; expertise-term columns are \`term_id, term, term_type, specialty_name, synonyms, search_keywords, is_active\`). **Reset to defaults** returns a hospital to the default list.`,
      ],
      [
        'How do I add or remove an administrator?',
        `Open **Administrators** in the console and choose **Add administrator**. Hospital administrators can add administrators for their own hospital; system administrators choose the role and hospital. The new administrator receives an e-mail to set a password.

**Deactivate** signs an administrator out at once and blocks sign-in until reactivated; **Delete** removes the account for good (templates they wrote are kept). You cannot deactivate or delete your own account.`,
      ],
      [
        'What does the audit log record?',
        `Every administrator sign-in, refused access, and change made in the console — who did it, when, from where, and what changed. System administrators can search it by action, person or hospital. Entries cannot be edited or deleted, by anyone.`,
      ],
      [
        'Who can edit this Help Center?',
        `System administrators, from **Help content** in the console. Answers are written in Markdown (\`**bold**\`, \`*italic*\`, lists, and \`[links](https://example.org)\`); raw HTML is shown as text, never run. Drag categories and questions to reorder them, and switch one off to hide it without deleting it.`,
      ],
    ],
  },
];

export const PROMPT_TEMPLATE_SEED = [
  {
    promptType: 'professional',
    promptName: 'Professional biography (standard)',
    description: 'For colleagues, referring physicians and credentialing. Third person, factual.',
    promptContent: `You write professional biographies of clinicians for a hospital's provider directory.

Write about {{provider_name}} in the third person, for colleagues, referring physicians and credentialing staff.
- Open with their role, primary specialty and where they practise.
- Then cover clinical focus and the conditions and procedures they handle, then training (medical school, residency, fellowship) and board certification.
- Mention research, publications, clinical trials, awards and academic titles when the profile lists them.
- Use precise clinical terms, at about a grade {{reading_level}} reading level, in {{word_count_min}} to {{word_count_max}} words, with a {{tone}} tone.
- Do not use superlatives ("world-renowned", "best") or claims the profile cannot support.`,
  },
  {
    promptType: 'public',
    promptName: 'Patient-friendly biography (standard)',
    description: 'For patients and families. Plain words, short sentences, what the clinician can help with.',
    promptContent: `You write biographies of clinicians for patients choosing a doctor on a hospital website.

Write about {{provider_name}} in the third person, for patients and their families.
- Start with what kind of care they give and where patients can see them.
- Explain the conditions they treat in everyday words, keeping the medical name when patients would search for it.
- Say whether they are accepting new patients, the ages they see, telehealth, and the languages they speak, when the profile says so.
- Keep training to one short sentence. A personal interest, if listed, can close the biography.
- Write at about a grade {{reading_level}} reading level: short sentences, common words, no jargon or abbreviations without explanation. {{word_count_min}} to {{word_count_max}} words, {{tone}} tone.`,
  },
] as const;

/** Fills the Help Center when it has no categories yet. Returns how many rows were added. */
export async function seedHelpContent(db: Database) {
  const [existing] = await db.select({ n: count() }).from(helpCategories);
  let categories = 0;
  let faqs = 0;
  if (Number(existing?.n ?? 0) === 0) {
    await db.transaction(async (tx) => {
      for (const [order, category] of HELP_SEED.entries()) {
        const [row] = await tx
          .insert(helpCategories)
          .values({ title: category.title, icon: category.icon, description: category.description, displayOrder: order })
          .returning({ id: helpCategories.id });
        categories += 1;
        await tx.insert(helpFaqs).values(category.faqs.map(([question, answer], index) => ({ categoryId: row!.id, question, answer, displayOrder: index })));
        faqs += category.faqs.length;
      }
    });
  }
  const templates = await seedPromptTemplates(db);
  return { categories, faqs, templates };
}

/** One global default template of each type, for each type that has no global default yet. */
export async function seedPromptTemplates(db: Database) {
  let added = 0;
  for (const template of PROMPT_TEMPLATE_SEED) {
    const [existing] = await db
      .select({ n: count() })
      .from(promptTemplates)
      .where(and(isNull(promptTemplates.hospitalId), eq(promptTemplates.promptType, template.promptType), eq(promptTemplates.isDefault, true)));
    if (Number(existing?.n ?? 0) > 0) continue;
    // The partial unique index makes a concurrent second seeder a no-op rather than a second default.
    const inserted = await db
      .insert(promptTemplates)
      .values({ ...template, hospitalId: null, isActive: true, isDefault: true })
      .onConflictDoNothing()
      .returning({ id: promptTemplates.id });
    added += inserted.length;
  }
  return added;
}
