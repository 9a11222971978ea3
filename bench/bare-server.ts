// The yardstick of the throughput budget: a bare Fastify JSON route on the same machine.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const app = Fastify({ logger: false });
const file = process.env.BARE_REPLY_FILE;
const reply = file
  ? JSON.parse(readFileSync(file, 'utf8'))
  : {
      openIssue: { folderId: 1, number: 'RFI-001', subject: 'Beam pocket at grid C/4', statusId: 2 },
      referencedDocuments: [],
      errorOccured: false,
      numberOfRecordsEffected: 0,
    };
app.post('/bare', async () => reply);
app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' }).then((address) => {
  console.log(`listening ${address}`);
});
