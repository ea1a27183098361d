// The export tests' two helpers: a file downloaded through a route handler (as a signed-in caller
// or anonymous), and an XLSX read back with exceljs (the first sheet's rows, header first).
import ExcelJS from 'exceljs';

type Handler = (req: Request) => Promise<Response>;

export async function download(handler: Handler, path: string, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await handler(new Request(`http://localhost:3000${path}`, { headers }));
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

export async function readWorkbook(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

export async function readXlsx(bytes: Buffer) {
  const ws = (await readWorkbook(bytes)).worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { ws, rows };
}
