import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { env, launch, skipReason, waitForMail } from '../support/browser.ts';
import { firstSignIn as firstSignInOn, readCaptcha, submitLogin } from '../support/sign-in.ts';
import { folderTitle, folderTitles } from '../support/folder-steps.ts';
import { optionOf } from '../support/select-steps.ts';

/**
 * Issue 3 in the browser: the system administrator makes a company and its administrator; that administrator
 * (after the forced password change) makes a project with the ICH template and adds people; an external
 * registration is approved and the applicant signs in. The steps build on each other, in order; the other journeys
 * make their worlds through the API (support/world.ts), so none of them needs this one.
 */
describe.skipIf(skipReason !== null)('organisation journeys in Chromium', () => {
  let browser: Browser;
  let page: Page;
  const stamp = Date.now().toString(36);
  const companyName = `Journey Pharma ${stamp}`;
  const managerEmail = `manager.${stamp}@example.com`;
  const managerPassword = 'Manager-pw1!';
  const staffEmail = `staff.${stamp}@example.com`;
  const staffPassword = 'Staff-pw1!';
  const pmEmail = `pm.${stamp}@example.com`;
  const pmPassword = 'Project-pw1!';
  const mails: Record<string, string> = {};
  const applicantEmail = `applicant.${stamp}@example.com`;
  const applicantPassword = 'Applicant-pw1!';

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const url = (p: string) => `${env.baseUrl}${p}`;

  /** Picks an option of an antd Select by its visible text. */
  async function choose(selectId: string, text: string) {
    await page.locator(`#${selectId}`).click();
    await optionOf(page, selectId, text).click();
  }

  async function signOut() {
    await page.locator('#logout-button').click();
    await page.waitForURL(/\/login$/);
  }

  /** A first sign-in with an e-mailed temporary password goes through the forced change, then signs in. */
  const firstSignIn = (email: string, temporary: string, chosen: string) =>
    firstSignInOn(page, email, temporary, chosen);

  const temporaryPassword = (mail: string) => {
    const match = /(?:Temporary password|临时密码)[:：]\s*(\S+)/.exec(mail);
    if (!match) throw new Error(`no temporary password in:\n${mail}`);
    return match[1];
  };

  it('the system administrator creates a company and its administrator, who is e-mailed', async () => {
    await page.goto(url('/login'));
    await submitLogin(page, env.adminEmail, env.adminPassword);
    await page.waitForURL(/\/system\//);
    await page.goto(url('/system/company/list'));
    await page.locator('#company-create').click();
    await page.locator('#companyForm_companyName').fill(companyName);
    await expectAccessible(page, '02 company list with the new company dialog (zh-CN)');
    await page.locator('#company-form-ok').click();
    await page.getByRole('link', { name: companyName }).click();
    await page.waitForURL(/\/system\/company\/details/);
    const since = Date.now();
    await page.locator('#company-manager-add').click();
    await page.locator('#managerForm_email').fill(managerEmail);
    await page.locator('#managerForm_userName').fill('Mia Manager');
    await expectAccessible(page, '02 company details with the administrator dialog (zh-CN)', {
      within: '.ant-modal-wrap',
    });
    await page.locator('#manager-form-ok').click();
    await page.locator('#company-manager-table').getByText(managerEmail).waitFor();
    const mail = await waitForMail(managerEmail, since);
    await signOut();
    await firstSignIn(managerEmail, temporaryPassword(mail), managerPassword);
    await page.waitForURL(/\/select$/);
    await page.locator('#company-select').waitFor();
    await expectAccessible(page, '02 project picker of a company administrator (zh-CN)');
  });

  it('the company administrator opens the company, creates a project with the ICH template and a user', async () => {
    await choose('company-select', companyName);
    await page.locator('#company-manage').click();
    await page.waitForURL(/\/company\//);
    await page.goto(url('/company/project/list'));
    await page.locator('#project-create').click();
    await page.locator('#projectForm_code').fill(`J-${stamp}`);
    await page.locator('#projectForm_name').fill('Journey study');
    await choose('projectForm_directoryTemplateId', 'ICH');
    await expectAccessible(page, '02 project list with the new project dialog (zh-CN)');
    await page.locator('#project-form-ok').click();
    await page.getByText('Journey study').first().waitFor();

    await page.goto(url('/company/user'));
    for (const [email, name] of [
      [staffEmail, 'Sam Staff'],
      [pmEmail, 'Pat Lead'],
    ]) {
      const since = Date.now();
      await page.locator('#company-user-create').click();
      await page.locator('#companyUserForm_email').fill(email);
      await page.locator('#companyUserForm_userName').fill(name);
      await page.locator('#company-user-form-ok').click();
      await page.getByText(email).first().waitFor();
      mails[email] = await waitForMail(email, since);
    }

    // Project users: Sam as ordinary staff, Pat as the project administrator.
    await page.goto(url('/company/project/user'));
    await choose('project-picker', 'Journey study');
    for (const [name, role] of [
      ['Sam Staff', 'STU_STAFF'],
      ['Pat Lead', 'STU_PM'],
    ]) {
      await page.locator('#member-add').click();
      await choose('memberForm_userId', name);
      await choose('memberForm_roleId', role);
      if (role === 'STU_STAFF') await expectAccessible(page, '02 project users with the add dialog (zh-CN)');
      await page.locator('#member-form-ok').click();
      await page.locator('#member-table').getByText(name).waitFor();
    }
  });

  it('the project administrator adds a site, a custom role and a folder grant for Sam', async () => {
    await signOut();
    await firstSignIn(pmEmail, temporaryPassword(mails[pmEmail]), pmPassword);
    await page.waitForURL(/\/select$/);
    await page.locator('#project-table').getByText('Journey study').click();
    await page.waitForURL(/\/home/);

    await page.goto(url('/manage/user?tab=sites'));
    await page.locator('#site-create').click();
    await page.locator('#siteForm_name').fill('Peking Union Medical College Hospital');
    await page.locator('#siteForm_code').fill('PUMCH');
    await expectAccessible(page, '02 sites with the new site dialog (zh-CN)');
    await page.locator('#site-form-ok').click();
    await page.locator('#site-table').getByText('PUMCH').waitFor();

    await page.goto(url('/manage/user?tab=roles'));
    await page.locator('#role-create').click();
    await page.locator('#roleForm_code').fill('CRA');
    await page.locator('#roleForm_name').fill('Clinical research associate');
    await page.locator('#role-form-ok').click();
    await page.locator('#role-table').getByText('CRA', { exact: true }).waitFor();

    await page.goto(url('/manage/directory'));
    await page.locator('[id^="folder-node-"]', { hasText: /^8\.2\.1 / }).click();
    await choose('folder-grant-subject', 'Sam Staff');
    // The grant is in the table before it is saved.
    await page.locator('#folder-grants-table').getByText('Sam Staff').waitFor();
    await expectAccessible(page, '02 folder management, a grant added (zh-CN)');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/edoc/folder/grants/') && r.request().method() === 'POST',
    );
    await page.locator('#folder-grants-save').click();
    expect((await (await saved).json()).status).toBe(true);
    // Saved on the server: after a reload the grant is still listed.
    await page.reload();
    await page.locator('[id^="folder-node-"]', { hasText: /^8\.2\.1 / }).click();
    await page.locator('#folder-grants-table').getByText('Sam Staff').waitFor();
  });

  it('Sam sees exactly the granted folder enabled, and a manage address lands on /404', async () => {
    await signOut();
    await firstSignIn(staffEmail, temporaryPassword(mails[staffEmail]), staffPassword);
    await page.waitForURL(/\/select$/);
    await page.locator('#project-table').getByText('Journey study').click();
    await page.waitForURL(/\/home/);
    await page.goto(url('/work'));
    // The tree shows the ICH sections only; "8" in its filter (every code begins so) opens them all.
    await folderTitle(page, '8.2').waitFor();
    expect(await folderTitle(page, '8.2.1').count()).toBe(0);
    await page.locator('#document-folder-filter').fill('8');
    await folderTitle(page, '8.2.1').waitFor();
    const enabled = await page
      .locator('.ant-tree-treenode:not(.ant-tree-treenode-disabled) [id^="document-folder-"][data-ich-code]')
      .evaluateAll((titles) => titles.map((t) => t.getAttribute('data-ich-code')));
    expect(enabled).toEqual(['8.2.1']);
    expect(await folderTitles(page).count()).toBeGreaterThan(50);
    await expectAccessible(page, '02 workspace of an ordinary user, the tree filtered (zh-CN)');
    // No management menu, and typing its address lands on the not-found page.
    expect(await page.locator('#side-menu').getByText('项目设置').count()).toBe(0);
    await page.goto(url('/manage/user'));
    await page.waitForURL(/\/404$/);
    await page.locator('.ant-result').waitFor();
    await expectAccessible(page, '02 not-found page, signed in (zh-CN)');
    await page.goto(url('/home'));
  });

  it('an external registration waits for approval, is approved, and the applicant signs in', async () => {
    await signOut();
    await page.goto(url('/register'));
    await page.locator('#register_userName').fill('Ada Applicant');
    await page.locator('#register_email').fill(applicantEmail);
    await page.locator('#register_companyName').fill(companyName);
    await page.locator('#register_password').fill(applicantPassword);
    await page.locator('#register_confirmPassword').fill(applicantPassword);
    await page.locator('input[name="captchaCode"]').fill(await readCaptcha(page));
    await expectAccessible(page, '02 registration form (zh-CN)');
    await page.locator('#register-submit').click();
    await page.locator('#register-success').waitFor();
    await expectAccessible(page, '02 registration sent (zh-CN)');

    // Not yet approved: refused with the waiting message.
    await page.goto(url('/login'));
    await submitLogin(page, applicantEmail, applicantPassword);
    await page.getByText('账号正在等待审批').first().waitFor();
    await expectAccessible(page, '02 login refused: waiting for approval (zh-CN)');

    await page.goto(url('/login'));
    await submitLogin(page, managerEmail, managerPassword);
    await page.waitForURL(/\/select$/);
    await choose('company-select', companyName);
    await page.locator('#company-manage').click();
    await page.waitForURL(/\/company\//);
    await page.goto(url('/company/approve'));
    const row = page.locator('#approve-table-0 tr', { hasText: applicantEmail });
    await row.waitFor();
    await expectAccessible(page, '02 registrations to approve (zh-CN)');
    const since = Date.now();
    await row.locator('[id^="approve-pass-"]').click();
    await waitForMail(applicantEmail, since);
    await signOut();
    await submitLogin(page, applicantEmail, applicantPassword);
    await page.waitForURL(/\/select$/);
    expect(new URL(page.url()).pathname).toBe('/select');
  });
});
