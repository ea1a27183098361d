// A saved search's new matches for a user without a webhook (issue 50, decision 117), in Chromium
// against the production build: a saved search whose owner had seen none of its matches is checked
// by the job (the cron route, or the sender's loop if it comes first: either way one notice); the
// owner finds the notice on /notificari under "Căutările salvate", the bell counts it, the
// notification mail is in the outbox, and "Marchează citită" clears it from the bell. Behaviour
// only: the page's accessibility is checked in accessibility.spec.ts.
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { signInNewUser } from './support/accounts';
import { readE2eState } from './support/e2e-state';

test.describe.configure({ timeout: 120_000 });

test('a saved search that finds new companies: a notice on the notifications page, the bell, a mail, marked read', async ({ page }) => {
  const user = await signInNewUser(page, 'Căutări noi', 'ssnotice');
  const state = readE2eState();
  const name = `Noutăți ${user.Suffix}`;
  const db = new pg.Client({ connectionString: state.databaseUrl });
  await db.connect();
  try {
    await test.step('a saved search whose owner has seen none of its matches', async () => {
      const { rows: [company] } = await db.query<{ cui: number }>(`SELECT cui FROM company ORDER BY cui LIMIT 1 OFFSET 30`);
      const saved = await page.request.post('/api/SavedSearch/add', { headers: { Authorization: `Bearer ${user.AccessToken}` }, data: { Name: name, Query: `SearchText=${company.cui}` } });
      expect(saved.status()).toBe(200);
      const { Id } = (await saved.json()) as { Id: number };
      // Nothing seen and never checked: the next check finds every match new.
      await db.query(`UPDATE saved_search SET seen_cuis = '{}' WHERE id = $1`, [Id]);
      await db.query(`DELETE FROM saved_search_check WHERE saved_search_id = $1`, [Id]);
      // The job takes 20 due saved searches a call: call it until nothing is due (other specs' saved searches may be due too).
      for (let i = 0; i < 50; i++) {
        const tick = await page.request.post('/api/cron/saved-search-matches', { headers: { authorization: `Bearer ${state.cronSecret}` } });
        expect(tick.status()).toBe(200);
        if (((await tick.json()) as { Checked: number }).Checked === 0) break;
      }
      const { rows } = await db.query<{ new_count: number }>(`SELECT new_count FROM saved_search_notice WHERE saved_search_id = $1`, [Id]);
      expect(rows).toHaveLength(1);
      expect(rows[0].new_count).toBeGreaterThanOrEqual(1);
    });

    await test.step('the notification mail is queued for the owner', async () => {
      const { rows } = await db.query<{ subject: string; kind: string }>(
        `SELECT o.subject, o.kind FROM outbox_mail o JOIN app_user u ON u.id = o.user_id WHERE lower(u.email) = lower($1) AND o.subject LIKE $2`,
        [user.Email, `%${name}%`],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].kind).toBe('watch-notifications');
      expect(rows[0].subject).toMatch(new RegExp(`^RadarFirme: (o firmă nouă|[\\d.]+ (de )?firme noi) în căutarea „${name}”$`));
    });
  } finally {
    await db.end();
  }

  await test.step('the notifications page shows it and the bell counts it', async () => {
    await page.goto('/notificari');
    const notices = page.getByRole('region', { name: 'Căutările salvate' });
    await expect(notices.getByTestId('saved-search-notice')).toHaveCount(1);
    await expect(notices).toContainText(new RegExp(`Căutarea „${name}” a găsit (o firmă nouă|[\\d.]+ (de )?firme noi)\\.`));
    await expect(page.getByTestId('notification-bell').first()).toHaveAttribute('aria-label', 'Notificări: 1 necitite');
  });

  await test.step('marked read, the bell no longer counts it', async () => {
    await page.getByRole('button', { name: `Marchează citită: căutarea ${name}` }).click();
    await expect(page.getByTestId('saved-search-notice')).toHaveAttribute('data-read', 'true');
    await expect(page.getByTestId('notification-bell').first()).toHaveAttribute('aria-label', 'Notificări');
  });
});
