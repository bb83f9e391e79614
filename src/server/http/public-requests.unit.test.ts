import { describe, expect, it } from 'vitest';
import { MAX_PUBLIC_PARAMETER_VALUES, MAX_PUBLIC_QUERY_LENGTH, publicQueryProblem } from './public-requests';

// Issue T3 1/7 items 6 and 7: what a public query string may hold.
describe('publicQueryProblem', () => {
  it('lets ordinary searches through', () => {
    expect(publicQueryProblem('http://x/find/a')).toBeNull();
    expect(publicQueryProblem('http://x/find/a?q=heart%20attack&near=60611&lang=es&accepting=1')).toBeNull();
    expect(
      publicQueryProblem(`http://x/fhir/r4/PractitionerRole?specialty=${Array.from({ length: MAX_PUBLIC_PARAMETER_VALUES }, (_, i) => i).join(',')}`),
    ).toBeNull();
    // Accented and non-Latin text is not a control character; a malformed escape is left to the route.
    expect(publicQueryProblem('http://x/find/a?q=Jos%C3%A9%20%E6%9D%8E&near=%ff')).toBeNull();
  });

  it('refuses more than 20 values per parameter, listed or repeated', () => {
    const listed = publicQueryProblem(`http://x/?specialty=${Array.from({ length: 21 }, (_, i) => i).join(',')}`);
    expect(listed).toMatchObject({ status: 400, parameter: 'specialty' });
    const repeated = publicQueryProblem(`http://x/?${Array.from({ length: 11 }, () => 'id=a,b').join('&')}`);
    expect(repeated).toMatchObject({ status: 400, parameter: 'id' });
  });

  it('refuses a query string over the length limit with 414', () => {
    expect(publicQueryProblem(`http://x/?q=${'a'.repeat(MAX_PUBLIC_QUERY_LENGTH - 2)}`)).toBeNull();
    expect(publicQueryProblem(`http://x/?q=${'a'.repeat(MAX_PUBLIC_QUERY_LENGTH - 1)}`)).toMatchObject({ status: 414, parameter: null });
  });

  it.each(['q=%00abc', 'near=%00', 'name=a%0Ab', 'q=%09tab', 'q=del%7F', 'q=%C2%85', 'na%00me=x'])('refuses control characters: %s', (query) => {
    const problem = publicQueryProblem(`http://x/?${query}`);
    expect(problem?.status).toBe(400);
    expect(problem?.message).toContain('contains control characters');
  });

  it('names a parameter with control characters escaped', () => {
    expect(publicQueryProblem('http://x/?na%00me=x')?.parameter).toBe('na\\u0000me');
  });
});
