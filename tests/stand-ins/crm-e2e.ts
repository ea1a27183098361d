// The CRM stand-ins of the e2e server (decision 109): their ports beside the app's, the tokens
// they accept and their OAuth clients, shared by scripts/e2e-server.ts and the specs.
export const E2E_CRM = {
  hubspotToken: 'pat-e2e-hubspot-token-0001',
  pipedriveToken: 'pipedrive-e2e-token-0001',
  hubspot: { clientId: 'e2e-hubspot-client', clientSecret: 'e2e-hubspot-secret' },
  pipedrive: { clientId: 'e2e-pipedrive-client', clientSecret: 'e2e-pipedrive-secret' },
};

/**
 * HubSpot on the app's port + 1700, Pipedrive on + 1800: one port each per app port, so servers on
 * neighbouring ports (3303, 3304…) never meet (the ANAF stand-ins' + 500 and + 501 do meet).
 */
export const crmStandInPorts = (appPort: string | number) => ({ hubspot: Number(appPort) + 1700, pipedrive: Number(appPort) + 1800 });

/** The app's settings that point it at the stand-ins. */
export function crmStandInEnv(appPort: string | number): Record<string, string> {
  const p = crmStandInPorts(appPort);
  const hs = `http://127.0.0.1:${p.hubspot}`;
  const pd = `http://127.0.0.1:${p.pipedrive}`;
  return {
    HUBSPOT_API_URL: hs,
    HUBSPOT_AUTHORIZE_URL: `${hs}/oauth/authorize`,
    HUBSPOT_CLIENT_ID: E2E_CRM.hubspot.clientId,
    HUBSPOT_CLIENT_SECRET: E2E_CRM.hubspot.clientSecret,
    PIPEDRIVE_API_URL: pd,
    PIPEDRIVE_OAUTH_URL: pd,
    PIPEDRIVE_CLIENT_ID: E2E_CRM.pipedrive.clientId,
    PIPEDRIVE_CLIENT_SECRET: E2E_CRM.pipedrive.clientSecret,
  };
}
