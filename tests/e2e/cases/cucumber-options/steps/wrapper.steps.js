// setDefinitionFunctionWrapper: every step and scenario hook runs through the wrapper,
// which sees the definition's wrapperOptions.
const { setDefinitionFunctionWrapper, Given } = require('@cucumber/cucumber');
setDefinitionFunctionWrapper(function (fn, options) {
  return function (...args) {
    if (options && options.tag) console.log('WRAPPED ' + options.tag);
    return fn.apply(this, args);
  };
});
Given('a wrapped step', { wrapperOptions: { tag: 'step-options' } }, function () {});
