// Who may call each endpoint: the one declaration for every documented endpoint of the three spec
// documents (000, 001) and for the few of our own. Keys are "METHOD /api/<path>" with
// dynamic segments written as in the app/api folder names. A test fails when a route under app/api
// has no entry here, and apiRoute() refuses to build a handler for an undeclared key.
import 'server-only';
/** metrics: a scraper on this machine (the socket's address) or one holding METRICS_TOKEN (issue 32). */
export type Access = 'public' | 'user' | 'admin' | 'cron' | 'metrics';

export const ACCESS = {
  // ── 000: search, lookups, landing, session ──
  'GET /api/Company/getTop5Companies': 'public',
  'GET /api/Company/getCompanies': 'public',
  'GET /api/Company/getCompanyFacets': 'public',
  'GET /api/Company/getCompanyStatuses': 'public',
  'GET /api/CAEN/getCAENsForFilter': 'public',
  'GET /api/Location/getCounties': 'public',
  'GET /api/Location/getPrefectures': 'public',
  'GET /api/Company/getCompanyStatistics': 'public',
  'GET /api/Company/getCompaniesNumberByDimension': 'public',
  'GET /api/Location/getTopCounties': 'public',
  'GET /api/CAEN/getTopCaens': 'public',
  'POST /api/Email/SendLeaveUsMessageEmail': 'public',
  'GET /api/Group/getGroupsForCompany': 'user',
  'PUT /api/Group/updateOrAddCompanyToGroup': 'user',
  'DELETE /api/Group/deleteCompanyFromItsGroup': 'user',
  'POST /api/Auth/login': 'public',
  // Public so an expired access token can still end its session (sign-out revokes whatever family
  // the caller names; it never reveals anything).
  'POST /api/Auth/logout': 'public',
  'POST /api/Account/register': 'public',
  // Public: the signed token in the body is the credential (the link may be opened signed out).
  'POST /api/Account/verifyEmail': 'public',
  'POST /api/Account/resendVerification': 'user',
  'POST /api/Auth/forgotPassword': 'public',
  'POST /api/Auth/resetPassword': 'public',
  'POST /api/Auth/login-google': 'public',
  'POST /api/api/Auth/login-facebook/[userId]/[accessToken]': 'public',
  'GET /api/Auth/userDetails': 'user',
  // Our own (issue 23): the signed-in user's password; the current one is required.
  'POST /api/Auth/changePassword': 'user',
  // Public by design: the refresh token in the body is the credential (the access token has expired).
  'POST /api/Auth/refresh-token': 'public',

  // ── 001: company details, contacts, CAEN, customers ──
  'POST /api/Company/SendCompanyRequest': 'user',
  'POST /api/Company/getAcqusitions': 'public',
  'GET /api/Company/getEuropeanProjects': 'public',
  'GET /api/Company/getTop10Collaborations': 'public',
  'GET /api/Company/getCollaborations': 'public',
  'GET /api/Company/getCompanyRanking': 'public',
  'GET /api/Company/getInsolvencyRanking': 'public',
  'GET /api/Company/getInsolvencyRiskForGraph/[cui]': 'public',
  'GET /api/Company/getDetailsForGraphs/[cui]': 'public',
  'GET /api/Company/getDetailsForGraph/[cui]': 'public',
  'GET /api/Company/getCompanyStatisticsType': 'public',
  'GET /api/Company/getInsolvencyByYear/[cui]': 'public',
  'GET /api/Company/getDetailsByYear/[cui]': 'public',
  'GET /api/Company/getDetails/[cui]': 'public',
  'GET /api/Company/getSimilarCompanies': 'public',
  'GET /api/Company/getCompanyByCaen/[caenCode]/[pageSize]': 'public',
  'GET /api/Company/getCompanyForCustomers': 'public',
  'GET /api/Contact/getContactsByCompany': 'public',
  'GET /api/Contact/getUserContactsByCompany': 'user',
  'GET /api/Contact/getContactsByUserId': 'user',
  // Signed in; the contacts policy narrows it: Admin every contact, the approved claimant the
  // unowned ones and their own, any other user their own.
  'GET /api/Contact/getByCompanyCui': 'user',
  'GET /api/Contact/getEditRights': 'user',
  'GET /api/Contact/getCompanyContacts': 'admin',
  'POST /api/Contact/addOrUpdateUnverifiedContacts': 'user',
  // Admin or the approved claimant of the company (policy), 403 for anyone else.
  'POST /api/Contact/addOrUpdate': 'user',
  'POST /api/Contact/add': 'user',
  'DELETE /api/Contact/deleteUserContact': 'user',
  // Any contact the caller may edit (Admin any, claimant the unowned ones, owner their own); else 404.
  'DELETE /api/Contact/[id]': 'user',
  'GET /api/SocialMedia/getSocialMediaForCompany': 'public',
  // Admin or the approved claimant of the company (policy), 403 for anyone else.
  'POST /api/SocialMedia/addOrUpdate': 'user',

  // ── 002: groups, comments, mail, users, claims ──
  'GET /api/Group/getGroups': 'user',
  'GET /api/Group/getGroupsForEdit': 'user',
  'GET /api/Group/get': 'user',
  'POST /api/Group/add': 'user',
  'PUT /api/Group/updateRange': 'user',
  'PUT /api/Group/update': 'user',
  'DELETE /api/Group/[id]': 'user',
  'GET /api/Group/getGroupMembers': 'user',
  'GET /api/Group/getPermisions': 'user',
  'POST /api/Group/invite': 'user',
  'PUT /api/Group/editGroupMember': 'user',
  'PUT /api/Group/virtualDeleteGroupMember/[id]': 'user',
  'POST /api/Group/acceptInvite': 'user',
  'POST /api/Group/rejectInvite': 'user',
  'GET /api/Group/getCompanyGroups': 'user',
  'PUT /api/Group/updateCompanyGroup': 'user',
  'DELETE /api/Group/deleteCompanyFromGroup': 'user',
  'POST /api/Group/addComapaniesToGroup': 'user',
  'GET /api/CompanyComment/getCommentsByCompanyGroupId': 'user',
  'POST /api/CompanyComment/add': 'user',
  'PUT /api/CompanyComment/update': 'user',
  'DELETE /api/CompanyComment/[id]': 'user',
  'GET /api/MailSend/getMailComments': 'user',
  'POST /api/MailSend/addMailComment': 'user',
  'PUT /api/MailSend/editComment': 'user',
  'PUT /api/MailSend/virtualDeleteComment': 'user',
  'GET /api/MailTemplate/getPagedMailTemplate': 'user',
  'GET /api/MailTemplate/get': 'user',
  'POST /api/MailTemplate/Add': 'user',
  'PUT /api/MailTemplate/Edit': 'user',
  'PUT /api/MailTemplate/virtualDelete': 'user',
  'GET /api/MailTemplate/getTags': 'user',
  'POST /api/MailSend/createDraftMail': 'user',
  'GET /api/MailSend/getMailDraft': 'user',
  'PUT /api/MailSend/editDraft': 'user',
  'GET /api/MailSend/getCompaniesMail': 'user',
  'DELETE /api/MailSend/deleteMailSend': 'user',
  'DELETE /api/MailSend/delete': 'user',
  'POST /api/MailSend/sendMails': 'user',
  'GET /api/MailSend/getMailsDraft': 'user',
  'GET /api/MailSend/getMailsHistory': 'user',
  'GET /api/MailSend/getMailsHistoryByGroup': 'user',
  'GET /api/MailSend/getCompaniesMailByGroup': 'user',
  'GET /api/MailSend/getMailsByCompanies': 'user',
  'GET /api/MailSend/getCompaniesSendedMails': 'user',
  'GET /api/User/getUsers': 'admin',
  'GET /api/User/getUser': 'admin',
  'PUT /api/User/updateUser': 'admin',
  'PUT /api/User/updateUserAccess': 'admin',
  'DELETE /api/User/[id]': 'admin',
  'GET /api/Role/getRoles': 'admin',
  'PUT /api/Role/updateUserRole': 'admin',
  'GET /api/Company/getCompapaniesWithUserContacts': 'admin',
  'GET /api/Contact/getUserContacts': 'admin',
  'PUT /api/Contact/updatePrivacy': 'admin',
  'GET /api/Company/GetCompaniesRequests': 'admin',
  'POST /api/Company/UpdateRequestCompanyStatus': 'admin',

  // ── our own (not in the spec) ──
  // The draft page's groups (filter counts and add-groups dialog) and the template preview.
  'GET /api/MailSend/getDraftGroups': 'user',
  'POST /api/MailTemplate/preview': 'user',
  // Shared groups people can manage (docs/decisions/041, 042): pending invitations of a group
  // (owner and editors), the caller's own invitations, leaving a group, and restoring a deleted
  // group or template within 30 days (its owner only).
  'GET /api/Group/getGroupInvitations': 'user',
  'PUT /api/Group/revokeInvite': 'user',
  'POST /api/Group/resendInvite': 'user',
  'GET /api/Group/getMyInvitations': 'user',
  'PUT /api/Group/leaveGroup': 'user',
  'GET /api/Group/getDeletedGroups': 'user',
  'PUT /api/Group/restoreGroup': 'user',
  'GET /api/MailTemplate/getDeletedMailTemplates': 'user',
  'PUT /api/MailTemplate/restore': 'user',
  'GET /api/health': 'public',
  // Liveness and readiness for a load balancer (issue 32, cluster-search).
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  // Campaigns: what the draft page shows before Trimite, and the history's preview.
  'GET /api/MailSend/getSendSummary': 'user',
  'GET /api/MailSend/getMailPreview': 'user',
  // The links inside campaign messages: anyone holding the message opens them; the signed token in
  // the link is the credential (server/sending/tokens.ts).
  'GET /api/track/open': 'public',
  'HEAD /api/track/open': 'public',
  'GET /api/track/click': 'public',
  'HEAD /api/track/click': 'public',
  'POST /api/track/unsubscribe': 'public',
  // Campaigns a salesperson can trust (issue 28, decisions 057/058): the author's test send; the
  // results of a sending and of a template (the sending visibility rule of 022 narrows them).
  'POST /api/MailSend/sendTest': 'user',
  'GET /api/MailSend/getSendingResults': 'user',
  'GET /api/MailSend/getTemplateResults': 'user',
  // A scheduled sending, until it starts: moved or cancelled by its author (decision 057).
  'PUT /api/MailSend/rescheduleSending': 'user',
  'PUT /api/MailSend/cancelScheduledSending': 'user',
  // One follow-up step of a sending (decision 057): its author sets or cancels it.
  'PUT /api/MailSend/setFollowUp': 'user',
  'PUT /api/MailSend/cancelFollowUp': 'user',
  // Late bounces and complaints (decision 058): the bounce address's reports, posted by the bounce
  // SMTP listener with the cron secret; the relays' webhooks check their own credential (SNS
  // signature, Postmark basic auth) and answer 404 while unconfigured.
  'POST /api/inbound/bounce': 'cron',
  'POST /api/webhooks/ses': 'public',
  'POST /api/webhooks/postmark': 'public',
  'POST /api/cron/send-mails': 'cron',
  'GET /api/cron/send-mails': 'cron',
  // cluster-ops (issue 32): Prometheus metrics, for a scraper on loopback or with METRICS_TOKEN.
  'GET /api/metrics': 'metrics',
  // /microsoft-login trades the short next-auth bridge session (a cookie) for the token pair; the
  // caller proves who they are with that cookie, so it is public like Auth/login.
  'POST /api/Auth/external-session': 'public',
  // Prospecting (issue 27; docs/decisions/055, 056): exports (signed in only: anonymous visitors
  // export nothing), adding a whole search or a CUI list to a group, saved searches.
  'GET /api/Export/companies': 'user',
  'GET /api/Export/groupCompanies': 'user',
  'GET /api/Export/contacts': 'user',
  'GET /api/Export/sending': 'user',
  // issue 28: a template's rates across its sendings (the results view's rule)
  'GET /api/Export/templateResults': 'user',
  'POST /api/Group/addSearchToGroup': 'user',
  'POST /api/Group/matchCuiList': 'user',
  'POST /api/Group/addCuiList': 'user',
  'GET /api/SavedSearch/list': 'user',
  'POST /api/SavedSearch/add': 'user',
  'PUT /api/SavedSearch/rename': 'user',
  'POST /api/SavedSearch/open': 'user',
  'DELETE /api/SavedSearch/[id]': 'user',
  'PUT /api/MailSend/setDraftSegment': 'user',
  // next-auth's own endpoints (providers, csrf, signin/<provider>, callback/<provider>): public by
  // nature; they never give access to data, only start or finish a provider redirect.
  'GET /api/nextauth/[...nextauth]': 'public',
  'POST /api/nextauth/[...nextauth]': 'public',

  // ── monitoring (issue 26): follows, notifications, settings, a company's change history ──
  // A user's follows and notifications are their own (server/watch/policy.ts).
  'GET /api/Watch/getWatchedCompanies': 'user',
  'GET /api/Watch/getWatchedGroups': 'user',
  'GET /api/Watch/getWatchStatus': 'user',
  'POST /api/Watch/watchCompany': 'user',
  'DELETE /api/Watch/unwatchCompany': 'user',
  'POST /api/Watch/watchGroup': 'user',
  'DELETE /api/Watch/unwatchGroup': 'user',
  'GET /api/Notification/getNotifications': 'user',
  'GET /api/Notification/getUnreadCount': 'user',
  'PUT /api/Notification/markRead': 'user',
  'PUT /api/Notification/markAllRead': 'user',
  'GET /api/Notification/getSettings': 'user',
  'PUT /api/Notification/updateSettings': 'user',
  // RFC 8058 one-click unsubscribe of the digests: the signed token in the link is the credential.
  'POST /api/Notification/unsubscribe': 'public',
  // Official data, public like the rest of the company page.
  'GET /api/Company/getCompanyChanges': 'public',
  'POST /api/cron/send-notifications': 'cron',
  'GET /api/cron/send-notifications': 'cron',
  // ── privacy (issue 30; docs/decisions/059, 060) ──
  'GET /api/Audit/getEntries': 'admin',
  // Anyone may ask to hide a person's data; the mailed link (its token in the body) confirms it.
  'POST /api/Privacy/requestTakedown': 'public',
  'POST /api/Privacy/confirmTakedown': 'public',
  'GET /api/Privacy/getTakedownRequests': 'admin',
  'POST /api/Privacy/decideTakedown': 'admin',
  // The caller's own data: a JSON download, and erasing the account (the password confirms it).
  'GET /api/Account/exportMyData': 'user',
  'POST /api/Account/deleteMyAccount': 'user',
  // The daily retention job of campaign opens and clicks (decision 060).
  'POST /api/cron/privacy-retention': 'cron',
  'GET /api/cron/privacy-retention': 'cron',
  // ── public API keys (issue 29; docs/decisions/066, 067) ──
  // A user's own keys; revoke and usage: the owner or an Admin (server/api-keys/policy.ts, 404 else).
  'GET /api/ApiKey/getMyKeys': 'user',
  'POST /api/ApiKey/create': 'user',
  'DELETE /api/ApiKey/[id]': 'user',
  'GET /api/ApiKey/getUsage': 'user',
  'GET /api/ApiKey/getAll': 'admin',
  'PUT /api/ApiKey/updateLimits': 'admin',
  // The stable surface for developers: /api/v1/<path> dispatches to the offered endpoint of the same
  // /api/<path> (lib/api-keys/surface.ts), whose own declaration and the key's scopes then apply.
  // Public here: an unknown path answers 404 and a known one without a key 401.
  'GET /api/v1/[...path]': 'public',
  'POST /api/v1/[...path]': 'public',
  'PUT /api/v1/[...path]': 'public',
  'DELETE /api/v1/[...path]': 'public',
} as const satisfies Record<string, Access>;

export type ApiKey = keyof typeof ACCESS;
