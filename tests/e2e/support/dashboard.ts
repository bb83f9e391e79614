import { expect, type Page } from '@playwright/test';

/**
 * Opens the dashboard and waits until the app has taken over the server's HTML (decision 0015): the
 * heading is there from the first byte, but buttons answer, and the inactivity watcher runs, only once
 * the page is hydrated, which the greeting by the browser's own clock shows.
 */
export async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByText(/^Good (morning|afternoon|evening)(, .+)?$/)).toBeVisible();
}
