const { defineParameterType } = require('@cucumber/cucumber');
defineParameterType({ name: 'flavour', regexp: /vanilla|chocolate/, transformer: (s) => s.toUpperCase() });
