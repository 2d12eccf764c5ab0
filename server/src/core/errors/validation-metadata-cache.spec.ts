import { IsInt, IsString, MetadataStorage, ValidateNested, Validator } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

describe('cacheValidationMetadata', () => {
  it('answers the same rules from memory, and forgets them when a rule is added', () => {
    const storage = new MetadataStorage();
    // (the map of every validated class's rules, which each uncached answer walks)
    const all = (storage as unknown as { validationMetadatas: Map<unknown, unknown> })
      .validationMetadatas;
    const walk = jest.spyOn(all, 'entries');
    class Line {}
    const rule = (target: object, propertyName: string, type: string) =>
      storage.addValidationMetadata({
        target,
        propertyName,
        type,
        name: type,
        constraints: [],
        validationTypeOptions: {},
        each: false,
      } as never);
    rule(Line, 'quantity', 'customValidation');
    cacheValidationMetadata(storage);
    cacheValidationMetadata(storage); // once per storage
    const ask = () => storage.getTargetValidationMetadatas(Line, '', false, false, undefined);
    expect(ask().map((m) => m.propertyName)).toEqual(['quantity']);
    expect(ask()).toBe(ask());
    // one walk over the validated classes for the three questions
    expect(walk).toHaveBeenCalledTimes(1);
    // other arguments are another question
    expect(storage.getTargetValidationMetadatas(Line, '', false, false, ['g'])).not.toBe(ask());
    rule(Line, 'price', 'customValidation');
    expect(ask().map((m) => m.propertyName)).toEqual(['quantity', 'price']);
  });

  it('validates as before through the app storage', async () => {
    class Line {
      @IsInt() quantity!: number;
    }
    class Sale {
      @IsString() name!: string;
      @ValidateNested() line!: Line;
    }
    cacheValidationMetadata();
    const sale = Object.assign(new Sale(), {
      name: 5,
      line: Object.assign(new Line(), { quantity: 'x' }),
    });
    const errors = await new Validator().validate(sale);
    expect(errors.map((e) => [e.property, e.children?.map((c) => c.property)])).toEqual([
      ['name', []],
      ['line', ['quantity']],
    ]);
  });
});
