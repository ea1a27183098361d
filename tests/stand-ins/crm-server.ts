// The HubSpot and Pipedrive stand-ins as a process, for e2e (decision 109): the documented REST
// subset and the OAuth endpoints of tests/stand-ins/crm.ts, on the ports of crm-e2e.ts.
// Usage: tsx tests/stand-ins/crm-server.ts --app-port N
import { startHubSpot, startPipedrive } from './crm';
import { E2E_CRM, crmStandInPorts } from './crm-e2e';

async function main() {
  const i = process.argv.indexOf('--app-port');
  const ports = crmStandInPorts(i >= 0 ? process.argv[i + 1] : (process.env.E2E_PORT ?? 3100));
  const hubspot = await startHubSpot(E2E_CRM.hubspotToken, { oauth: E2E_CRM.hubspot, port: ports.hubspot });
  const pipedrive = await startPipedrive(E2E_CRM.pipedriveToken, { oauth: E2E_CRM.pipedrive, port: ports.pipedrive });
  console.log(`[crm] HubSpot simulat la ${hubspot.url}, Pipedrive simulat la ${pipedrive.url}`);
  const stop = async () => {
    await hubspot.close().catch(() => {});
    await pipedrive.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
