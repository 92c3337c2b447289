/**
 * Holds every answer the API tests get to the OpenAPI document the app serves: the status must
 * be one the operation documents, and a JSON body must be valid against that status's schema
 * (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses). Answers to paths or methods the document does
 * not describe (a deliberate miss, HEAD) are the catch-all's and not checked.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

interface Responses {
  [status: string]: { content?: Record<string, { schema?: object }> };
}

interface Operation {
  id: string;
  method: string;
  pattern: RegExp;
  responses: Responses;
  /** How many path parameters it has. */
  params: number;
}

interface Document {
  paths: Record<string, Record<string, { operationId: string; responses: Responses }>>;
  components?: object;
}

const DOCUMENT_ID = 'openapi.json';

export class ResponseValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly operations: Operation[];
  private readonly schemas = new Map<string, ValidateFunction>();

  constructor(document: Document) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
    this.operations = Object.entries(document.paths)
      .flatMap(([path, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({
          id: operation.operationId,
          method: method.toUpperCase(),
          pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
          responses: operation.responses,
          params: path.split('{').length,
        })),
      )
      // A literal segment wins over a parameter (`/review-queue` before `/{id}`).
      .sort((a, b) => a.params - b.params);
  }

  /** What is wrong with `response` as the answer to `method url`, or null when the document allows it. */
  async disagreement(method: string, url: string, response: Response): Promise<string | null> {
    const path = new URL(url).pathname;
    const operation = this.operations.find((op) => op.method === method && op.pattern.test(path));
    // A crash is no answer the document promises (the tests that cause one check its error body).
    if (!operation || response.status === 500) return null;
    const what = `${method} ${path} (${operation.id}) answered ${response.status}`;
    const documented = operation.responses[response.status];
    if (!documented) return `${what}, which it does not document (${Object.keys(operation.responses).join(', ')})`;
    const type = response.headers.get('content-type')?.split(';')[0] ?? null;
    if (!documented.content) return type && response.body ? `${what} with a ${type} body it does not document` : null;
    if (!type || !(type in documented.content)) {
      return `${what} as ${type}, where it documents ${Object.keys(documented.content).join(', ')}`;
    }
    // Streams and compressed bodies are judged by status and type alone.
    if (type !== 'application/json' || response.headers.has('content-encoding')) return null;
    const validate = this.schemaOf(`${operation.id} ${response.status}`, documented.content[type]?.schema ?? {});
    const text = await response.clone().text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `${what} with a body that is not JSON: ${text.slice(0, 200)}`;
    }
    if (validate(body)) return null;
    return `${what} with a body its schema refuses: ${this.ajv.errorsText(validate.errors, { dataVar: 'body' })}\n${JSON.stringify(body).slice(0, 2000)}`;
  }

  private schemaOf(key: string, schema: object): ValidateFunction {
    let validate = this.schemas.get(key);
    if (!validate) {
      // The document's references (`#/components/...`) point into the document.
      const rooted = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`));
      validate = this.ajv.compile(rooted);
      this.schemas.set(key, validate);
    }
    return validate;
  }
}
