// The yardstick of the throughput budget: a bare Fastify JSON route on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const reply = {
  openIssue: { folderId: 1, number: 'RFI-001', subject: 'Beam pocket at grid C/4', statusId: 2 },
  referencedDocuments: [],
  errorOccured: false,
  numberOfRecordsEffected: 0,
};
app.post('/bare', async () => reply);
app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' }).then((address) => {
  console.log(`listening ${address}`);
});
