export const id = 172;
export const ids = [172];
export const modules = {

/***/ 270:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.defaultLogger = exports.consoleLogFactory = exports.makeConsoleLogFactory = exports.Logger = void 0;
/**
 * A `Logger` is initialized with a `LogFunctionFactory` and an initial scope.
 * It has convenience methods for logging different levels (error, warn, info,
 * debug) which pass through to the underlying `LogFunction`. It also allows a
 * narrower scoped logger to be generated via the `scope` method.
 */
class Logger {
    constructor(logFactory, scope = {}) {
        this._scope = scope;
        this._logFactory = logFactory;
        this.log = logFactory(scope);
    }
    /**
     * Creates a more narrowly scoped logger; this is useful when your code
     * performs a subtask. For example: an HTTP server might have a global
     * logger, and it might create scoped loggers for each incoming HTTP request.
     * When the HTTP requests goes through a particular middleware it might use
     * an even more narrowly scoped logger still.
     */
    scope(additionalScope) {
        return new Logger(this._logFactory, {
            ...this._scope,
            ...additionalScope,
        });
    }
    /**
     * Logs an `LogLevel.ERROR` message.
     */
    error(message, meta) {
        return this.log("error" /* ERROR */, message, meta);
    }
    /**
     * Logs an `LogLevel.WARN` message.
     */
    warn(message, meta) {
        return this.log("warning" /* WARNING */, message, meta);
    }
    /**
     * Logs an `LogLevel.INFO` message.
     */
    info(message, meta) {
        return this.log("info" /* INFO */, message, meta);
    }
    /**
     * Logs an `LogLevel.DEBUG` message.
     */
    debug(message, meta) {
        return this.log("debug" /* DEBUG */, message, meta);
    }
}
exports.Logger = Logger;
/**
 * Lets you build a console log factory with custom log formatter. Only logs
 * `DEBUG` level messages if the `GRAPHILE_LOGGER_DEBUG` environmental variable
 * is set.
 */
function makeConsoleLogFactory({ format, formatParameters } = {
    format: "%s: %s (%O)",
    formatParameters(level, message, scope) {
        return [level.toUpperCase(), message, scope];
    },
}) {
    return function consoleLogFactory(scope) {
        return (level, message) => {
            if (level === "debug" /* DEBUG */ && !process.env.GRAPHILE_LOGGER_DEBUG) {
                return;
            }
            const method = (() => {
                switch (level) {
                    case "error" /* ERROR */:
                        return "error";
                    case "warning" /* WARNING */:
                        return "warn";
                    case "info" /* INFO */:
                        return "info";
                    default:
                        // `console.debug` in Node is just an alias for `console.log` anyway.
                        return "log";
                }
            })();
            console[method](format, ...formatParameters(level, message, scope));
        };
    };
}
exports.makeConsoleLogFactory = makeConsoleLogFactory;
/**
 * Our built in `LogFunctionFactory` which uses `console` for logging, and only
 * logs `DEBUG` level messages if the `GRAPHILE_LOGGER_DEBUG` environmental
 * variable is set. Library authors can use this as a fallback if users don't
 * provide their own logger. If you want to format your logs in a particular
 * way, use `makeConsoleLogFactory` instead.
 */
exports.consoleLogFactory = makeConsoleLogFactory();
/**
 * A logger that can be used immediately.
 */
exports.defaultLogger = new Logger(exports.consoleLogFactory, {});
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 4841:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

const parse = __webpack_require__(5438)
const stringify = __webpack_require__(1568)

const JSON5 = {
    parse,
    stringify,
}

module.exports = JSON5


/***/ }),

/***/ 5438:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

const util = __webpack_require__(7393)

let source
let parseState
let stack
let pos
let line
let column
let token
let key
let root

module.exports = function parse (text, reviver) {
    source = String(text)
    parseState = 'start'
    stack = []
    pos = 0
    line = 1
    column = 0
    token = undefined
    key = undefined
    root = undefined

    do {
        token = lex()

        // This code is unreachable.
        // if (!parseStates[parseState]) {
        //     throw invalidParseState()
        // }

        parseStates[parseState]()
    } while (token.type !== 'eof')

    if (typeof reviver === 'function') {
        return internalize({'': root}, '', reviver)
    }

    return root
}

function internalize (holder, name, reviver) {
    const value = holder[name]
    if (value != null && typeof value === 'object') {
        if (Array.isArray(value)) {
            for (let i = 0; i < value.length; i++) {
                const key = String(i)
                const replacement = internalize(value, key, reviver)
                if (replacement === undefined) {
                    delete value[key]
                } else {
                    Object.defineProperty(value, key, {
                        value: replacement,
                        writable: true,
                        enumerable: true,
                        configurable: true,
                    })
                }
            }
        } else {
            for (const key in value) {
                const replacement = internalize(value, key, reviver)
                if (replacement === undefined) {
                    delete value[key]
                } else {
                    Object.defineProperty(value, key, {
                        value: replacement,
                        writable: true,
                        enumerable: true,
                        configurable: true,
                    })
                }
            }
        }
    }

    return reviver.call(holder, name, value)
}

let lexState
let buffer
let doubleQuote
let sign
let c

function lex () {
    lexState = 'default'
    buffer = ''
    doubleQuote = false
    sign = 1

    for (;;) {
        c = peek()

        // This code is unreachable.
        // if (!lexStates[lexState]) {
        //     throw invalidLexState(lexState)
        // }

        const token = lexStates[lexState]()
        if (token) {
            return token
        }
    }
}

function peek () {
    if (source[pos]) {
        return String.fromCodePoint(source.codePointAt(pos))
    }
}

function read () {
    const c = peek()

    if (c === '\n') {
        line++
        column = 0
    } else if (c) {
        column += c.length
    } else {
        column++
    }

    if (c) {
        pos += c.length
    }

    return c
}

const lexStates = {
    default () {
        switch (c) {
        case '\t':
        case '\v':
        case '\f':
        case ' ':
        case '\u00A0':
        case '\uFEFF':
        case '\n':
        case '\r':
        case '\u2028':
        case '\u2029':
            read()
            return

        case '/':
            read()
            lexState = 'comment'
            return

        case undefined:
            read()
            return newToken('eof')
        }

        if (util.isSpaceSeparator(c)) {
            read()
            return
        }

        // This code is unreachable.
        // if (!lexStates[parseState]) {
        //     throw invalidLexState(parseState)
        // }

        return lexStates[parseState]()
    },

    comment () {
        switch (c) {
        case '*':
            read()
            lexState = 'multiLineComment'
            return

        case '/':
            read()
            lexState = 'singleLineComment'
            return
        }

        throw invalidChar(read())
    },

    multiLineComment () {
        switch (c) {
        case '*':
            read()
            lexState = 'multiLineCommentAsterisk'
            return

        case undefined:
            throw invalidChar(read())
        }

        read()
    },

    multiLineCommentAsterisk () {
        switch (c) {
        case '*':
            read()
            return

        case '/':
            read()
            lexState = 'default'
            return

        case undefined:
            throw invalidChar(read())
        }

        read()
        lexState = 'multiLineComment'
    },

    singleLineComment () {
        switch (c) {
        case '\n':
        case '\r':
        case '\u2028':
        case '\u2029':
            read()
            lexState = 'default'
            return

        case undefined:
            read()
            return newToken('eof')
        }

        read()
    },

    value () {
        switch (c) {
        case '{':
        case '[':
            return newToken('punctuator', read())

        case 'n':
            read()
            literal('ull')
            return newToken('null', null)

        case 't':
            read()
            literal('rue')
            return newToken('boolean', true)

        case 'f':
            read()
            literal('alse')
            return newToken('boolean', false)

        case '-':
        case '+':
            if (read() === '-') {
                sign = -1
            }

            lexState = 'sign'
            return

        case '.':
            buffer = read()
            lexState = 'decimalPointLeading'
            return

        case '0':
            buffer = read()
            lexState = 'zero'
            return

        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7':
        case '8':
        case '9':
            buffer = read()
            lexState = 'decimalInteger'
            return

        case 'I':
            read()
            literal('nfinity')
            return newToken('numeric', Infinity)

        case 'N':
            read()
            literal('aN')
            return newToken('numeric', NaN)

        case '"':
        case "'":
            doubleQuote = (read() === '"')
            buffer = ''
            lexState = 'string'
            return
        }

        throw invalidChar(read())
    },

    identifierNameStartEscape () {
        if (c !== 'u') {
            throw invalidChar(read())
        }

        read()
        const u = unicodeEscape()
        switch (u) {
        case '$':
        case '_':
            break

        default:
            if (!util.isIdStartChar(u)) {
                throw invalidIdentifier()
            }

            break
        }

        buffer += u
        lexState = 'identifierName'
    },

    identifierName () {
        switch (c) {
        case '$':
        case '_':
        case '\u200C':
        case '\u200D':
            buffer += read()
            return

        case '\\':
            read()
            lexState = 'identifierNameEscape'
            return
        }

        if (util.isIdContinueChar(c)) {
            buffer += read()
            return
        }

        return newToken('identifier', buffer)
    },

    identifierNameEscape () {
        if (c !== 'u') {
            throw invalidChar(read())
        }

        read()
        const u = unicodeEscape()
        switch (u) {
        case '$':
        case '_':
        case '\u200C':
        case '\u200D':
            break

        default:
            if (!util.isIdContinueChar(u)) {
                throw invalidIdentifier()
            }

            break
        }

        buffer += u
        lexState = 'identifierName'
    },

    sign () {
        switch (c) {
        case '.':
            buffer = read()
            lexState = 'decimalPointLeading'
            return

        case '0':
            buffer = read()
            lexState = 'zero'
            return

        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7':
        case '8':
        case '9':
            buffer = read()
            lexState = 'decimalInteger'
            return

        case 'I':
            read()
            literal('nfinity')
            return newToken('numeric', sign * Infinity)

        case 'N':
            read()
            literal('aN')
            return newToken('numeric', NaN)
        }

        throw invalidChar(read())
    },

    zero () {
        switch (c) {
        case '.':
            buffer += read()
            lexState = 'decimalPoint'
            return

        case 'e':
        case 'E':
            buffer += read()
            lexState = 'decimalExponent'
            return

        case 'x':
        case 'X':
            buffer += read()
            lexState = 'hexadecimal'
            return
        }

        return newToken('numeric', sign * 0)
    },

    decimalInteger () {
        switch (c) {
        case '.':
            buffer += read()
            lexState = 'decimalPoint'
            return

        case 'e':
        case 'E':
            buffer += read()
            lexState = 'decimalExponent'
            return
        }

        if (util.isDigit(c)) {
            buffer += read()
            return
        }

        return newToken('numeric', sign * Number(buffer))
    },

    decimalPointLeading () {
        if (util.isDigit(c)) {
            buffer += read()
            lexState = 'decimalFraction'
            return
        }

        throw invalidChar(read())
    },

    decimalPoint () {
        switch (c) {
        case 'e':
        case 'E':
            buffer += read()
            lexState = 'decimalExponent'
            return
        }

        if (util.isDigit(c)) {
            buffer += read()
            lexState = 'decimalFraction'
            return
        }

        return newToken('numeric', sign * Number(buffer))
    },

    decimalFraction () {
        switch (c) {
        case 'e':
        case 'E':
            buffer += read()
            lexState = 'decimalExponent'
            return
        }

        if (util.isDigit(c)) {
            buffer += read()
            return
        }

        return newToken('numeric', sign * Number(buffer))
    },

    decimalExponent () {
        switch (c) {
        case '+':
        case '-':
            buffer += read()
            lexState = 'decimalExponentSign'
            return
        }

        if (util.isDigit(c)) {
            buffer += read()
            lexState = 'decimalExponentInteger'
            return
        }

        throw invalidChar(read())
    },

    decimalExponentSign () {
        if (util.isDigit(c)) {
            buffer += read()
            lexState = 'decimalExponentInteger'
            return
        }

        throw invalidChar(read())
    },

    decimalExponentInteger () {
        if (util.isDigit(c)) {
            buffer += read()
            return
        }

        return newToken('numeric', sign * Number(buffer))
    },

    hexadecimal () {
        if (util.isHexDigit(c)) {
            buffer += read()
            lexState = 'hexadecimalInteger'
            return
        }

        throw invalidChar(read())
    },

    hexadecimalInteger () {
        if (util.isHexDigit(c)) {
            buffer += read()
            return
        }

        return newToken('numeric', sign * Number(buffer))
    },

    string () {
        switch (c) {
        case '\\':
            read()
            buffer += escape()
            return

        case '"':
            if (doubleQuote) {
                read()
                return newToken('string', buffer)
            }

            buffer += read()
            return

        case "'":
            if (!doubleQuote) {
                read()
                return newToken('string', buffer)
            }

            buffer += read()
            return

        case '\n':
        case '\r':
            throw invalidChar(read())

        case '\u2028':
        case '\u2029':
            separatorChar(c)
            break

        case undefined:
            throw invalidChar(read())
        }

        buffer += read()
    },

    start () {
        switch (c) {
        case '{':
        case '[':
            return newToken('punctuator', read())

        // This code is unreachable since the default lexState handles eof.
        // case undefined:
        //     return newToken('eof')
        }

        lexState = 'value'
    },

    beforePropertyName () {
        switch (c) {
        case '$':
        case '_':
            buffer = read()
            lexState = 'identifierName'
            return

        case '\\':
            read()
            lexState = 'identifierNameStartEscape'
            return

        case '}':
            return newToken('punctuator', read())

        case '"':
        case "'":
            doubleQuote = (read() === '"')
            lexState = 'string'
            return
        }

        if (util.isIdStartChar(c)) {
            buffer += read()
            lexState = 'identifierName'
            return
        }

        throw invalidChar(read())
    },

    afterPropertyName () {
        if (c === ':') {
            return newToken('punctuator', read())
        }

        throw invalidChar(read())
    },

    beforePropertyValue () {
        lexState = 'value'
    },

    afterPropertyValue () {
        switch (c) {
        case ',':
        case '}':
            return newToken('punctuator', read())
        }

        throw invalidChar(read())
    },

    beforeArrayValue () {
        if (c === ']') {
            return newToken('punctuator', read())
        }

        lexState = 'value'
    },

    afterArrayValue () {
        switch (c) {
        case ',':
        case ']':
            return newToken('punctuator', read())
        }

        throw invalidChar(read())
    },

    end () {
        // This code is unreachable since it's handled by the default lexState.
        // if (c === undefined) {
        //     read()
        //     return newToken('eof')
        // }

        throw invalidChar(read())
    },
}

function newToken (type, value) {
    return {
        type,
        value,
        line,
        column,
    }
}

function literal (s) {
    for (const c of s) {
        const p = peek()

        if (p !== c) {
            throw invalidChar(read())
        }

        read()
    }
}

function escape () {
    const c = peek()
    switch (c) {
    case 'b':
        read()
        return '\b'

    case 'f':
        read()
        return '\f'

    case 'n':
        read()
        return '\n'

    case 'r':
        read()
        return '\r'

    case 't':
        read()
        return '\t'

    case 'v':
        read()
        return '\v'

    case '0':
        read()
        if (util.isDigit(peek())) {
            throw invalidChar(read())
        }

        return '\0'

    case 'x':
        read()
        return hexEscape()

    case 'u':
        read()
        return unicodeEscape()

    case '\n':
    case '\u2028':
    case '\u2029':
        read()
        return ''

    case '\r':
        read()
        if (peek() === '\n') {
            read()
        }

        return ''

    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
        throw invalidChar(read())

    case undefined:
        throw invalidChar(read())
    }

    return read()
}

function hexEscape () {
    let buffer = ''
    let c = peek()

    if (!util.isHexDigit(c)) {
        throw invalidChar(read())
    }

    buffer += read()

    c = peek()
    if (!util.isHexDigit(c)) {
        throw invalidChar(read())
    }

    buffer += read()

    return String.fromCodePoint(parseInt(buffer, 16))
}

function unicodeEscape () {
    let buffer = ''
    let count = 4

    while (count-- > 0) {
        const c = peek()
        if (!util.isHexDigit(c)) {
            throw invalidChar(read())
        }

        buffer += read()
    }

    return String.fromCodePoint(parseInt(buffer, 16))
}

const parseStates = {
    start () {
        if (token.type === 'eof') {
            throw invalidEOF()
        }

        push()
    },

    beforePropertyName () {
        switch (token.type) {
        case 'identifier':
        case 'string':
            key = token.value
            parseState = 'afterPropertyName'
            return

        case 'punctuator':
            // This code is unreachable since it's handled by the lexState.
            // if (token.value !== '}') {
            //     throw invalidToken()
            // }

            pop()
            return

        case 'eof':
            throw invalidEOF()
        }

        // This code is unreachable since it's handled by the lexState.
        // throw invalidToken()
    },

    afterPropertyName () {
        // This code is unreachable since it's handled by the lexState.
        // if (token.type !== 'punctuator' || token.value !== ':') {
        //     throw invalidToken()
        // }

        if (token.type === 'eof') {
            throw invalidEOF()
        }

        parseState = 'beforePropertyValue'
    },

    beforePropertyValue () {
        if (token.type === 'eof') {
            throw invalidEOF()
        }

        push()
    },

    beforeArrayValue () {
        if (token.type === 'eof') {
            throw invalidEOF()
        }

        if (token.type === 'punctuator' && token.value === ']') {
            pop()
            return
        }

        push()
    },

    afterPropertyValue () {
        // This code is unreachable since it's handled by the lexState.
        // if (token.type !== 'punctuator') {
        //     throw invalidToken()
        // }

        if (token.type === 'eof') {
            throw invalidEOF()
        }

        switch (token.value) {
        case ',':
            parseState = 'beforePropertyName'
            return

        case '}':
            pop()
        }

        // This code is unreachable since it's handled by the lexState.
        // throw invalidToken()
    },

    afterArrayValue () {
        // This code is unreachable since it's handled by the lexState.
        // if (token.type !== 'punctuator') {
        //     throw invalidToken()
        // }

        if (token.type === 'eof') {
            throw invalidEOF()
        }

        switch (token.value) {
        case ',':
            parseState = 'beforeArrayValue'
            return

        case ']':
            pop()
        }

        // This code is unreachable since it's handled by the lexState.
        // throw invalidToken()
    },

    end () {
        // This code is unreachable since it's handled by the lexState.
        // if (token.type !== 'eof') {
        //     throw invalidToken()
        // }
    },
}

function push () {
    let value

    switch (token.type) {
    case 'punctuator':
        switch (token.value) {
        case '{':
            value = {}
            break

        case '[':
            value = []
            break
        }

        break

    case 'null':
    case 'boolean':
    case 'numeric':
    case 'string':
        value = token.value
        break

    // This code is unreachable.
    // default:
    //     throw invalidToken()
    }

    if (root === undefined) {
        root = value
    } else {
        const parent = stack[stack.length - 1]
        if (Array.isArray(parent)) {
            parent.push(value)
        } else {
            Object.defineProperty(parent, key, {
                value,
                writable: true,
                enumerable: true,
                configurable: true,
            })
        }
    }

    if (value !== null && typeof value === 'object') {
        stack.push(value)

        if (Array.isArray(value)) {
            parseState = 'beforeArrayValue'
        } else {
            parseState = 'beforePropertyName'
        }
    } else {
        const current = stack[stack.length - 1]
        if (current == null) {
            parseState = 'end'
        } else if (Array.isArray(current)) {
            parseState = 'afterArrayValue'
        } else {
            parseState = 'afterPropertyValue'
        }
    }
}

function pop () {
    stack.pop()

    const current = stack[stack.length - 1]
    if (current == null) {
        parseState = 'end'
    } else if (Array.isArray(current)) {
        parseState = 'afterArrayValue'
    } else {
        parseState = 'afterPropertyValue'
    }
}

// This code is unreachable.
// function invalidParseState () {
//     return new Error(`JSON5: invalid parse state '${parseState}'`)
// }

// This code is unreachable.
// function invalidLexState (state) {
//     return new Error(`JSON5: invalid lex state '${state}'`)
// }

function invalidChar (c) {
    if (c === undefined) {
        return syntaxError(`JSON5: invalid end of input at ${line}:${column}`)
    }

    return syntaxError(`JSON5: invalid character '${formatChar(c)}' at ${line}:${column}`)
}

function invalidEOF () {
    return syntaxError(`JSON5: invalid end of input at ${line}:${column}`)
}

// This code is unreachable.
// function invalidToken () {
//     if (token.type === 'eof') {
//         return syntaxError(`JSON5: invalid end of input at ${line}:${column}`)
//     }

//     const c = String.fromCodePoint(token.value.codePointAt(0))
//     return syntaxError(`JSON5: invalid character '${formatChar(c)}' at ${line}:${column}`)
// }

function invalidIdentifier () {
    column -= 5
    return syntaxError(`JSON5: invalid identifier character at ${line}:${column}`)
}

function separatorChar (c) {
    console.warn(`JSON5: '${formatChar(c)}' in strings is not valid ECMAScript; consider escaping`)
}

function formatChar (c) {
    const replacements = {
        "'": "\\'",
        '"': '\\"',
        '\\': '\\\\',
        '\b': '\\b',
        '\f': '\\f',
        '\n': '\\n',
        '\r': '\\r',
        '\t': '\\t',
        '\v': '\\v',
        '\0': '\\0',
        '\u2028': '\\u2028',
        '\u2029': '\\u2029',
    }

    if (replacements[c]) {
        return replacements[c]
    }

    if (c < ' ') {
        const hexString = c.charCodeAt(0).toString(16)
        return '\\x' + ('00' + hexString).substring(hexString.length)
    }

    return c
}

function syntaxError (message) {
    const err = new SyntaxError(message)
    err.lineNumber = line
    err.columnNumber = column
    return err
}


/***/ }),

/***/ 1568:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

const util = __webpack_require__(7393)

module.exports = function stringify (value, replacer, space) {
    const stack = []
    let indent = ''
    let propertyList
    let replacerFunc
    let gap = ''
    let quote

    if (
        replacer != null &&
        typeof replacer === 'object' &&
        !Array.isArray(replacer)
    ) {
        space = replacer.space
        quote = replacer.quote
        replacer = replacer.replacer
    }

    if (typeof replacer === 'function') {
        replacerFunc = replacer
    } else if (Array.isArray(replacer)) {
        propertyList = []
        for (const v of replacer) {
            let item

            if (typeof v === 'string') {
                item = v
            } else if (
                typeof v === 'number' ||
                v instanceof String ||
                v instanceof Number
            ) {
                item = String(v)
            }

            if (item !== undefined && propertyList.indexOf(item) < 0) {
                propertyList.push(item)
            }
        }
    }

    if (space instanceof Number) {
        space = Number(space)
    } else if (space instanceof String) {
        space = String(space)
    }

    if (typeof space === 'number') {
        if (space > 0) {
            space = Math.min(10, Math.floor(space))
            gap = '          '.substr(0, space)
        }
    } else if (typeof space === 'string') {
        gap = space.substr(0, 10)
    }

    return serializeProperty('', {'': value})

    function serializeProperty (key, holder) {
        let value = holder[key]
        if (value != null) {
            if (typeof value.toJSON5 === 'function') {
                value = value.toJSON5(key)
            } else if (typeof value.toJSON === 'function') {
                value = value.toJSON(key)
            }
        }

        if (replacerFunc) {
            value = replacerFunc.call(holder, key, value)
        }

        if (value instanceof Number) {
            value = Number(value)
        } else if (value instanceof String) {
            value = String(value)
        } else if (value instanceof Boolean) {
            value = value.valueOf()
        }

        switch (value) {
        case null: return 'null'
        case true: return 'true'
        case false: return 'false'
        }

        if (typeof value === 'string') {
            return quoteString(value, false)
        }

        if (typeof value === 'number') {
            return String(value)
        }

        if (typeof value === 'object') {
            return Array.isArray(value) ? serializeArray(value) : serializeObject(value)
        }

        return undefined
    }

    function quoteString (value) {
        const quotes = {
            "'": 0.1,
            '"': 0.2,
        }

        const replacements = {
            "'": "\\'",
            '"': '\\"',
            '\\': '\\\\',
            '\b': '\\b',
            '\f': '\\f',
            '\n': '\\n',
            '\r': '\\r',
            '\t': '\\t',
            '\v': '\\v',
            '\0': '\\0',
            '\u2028': '\\u2028',
            '\u2029': '\\u2029',
        }

        let product = ''

        for (let i = 0; i < value.length; i++) {
            const c = value[i]
            switch (c) {
            case "'":
            case '"':
                quotes[c]++
                product += c
                continue

            case '\0':
                if (util.isDigit(value[i + 1])) {
                    product += '\\x00'
                    continue
                }
            }

            if (replacements[c]) {
                product += replacements[c]
                continue
            }

            if (c < ' ') {
                let hexString = c.charCodeAt(0).toString(16)
                product += '\\x' + ('00' + hexString).substring(hexString.length)
                continue
            }

            product += c
        }

        const quoteChar = quote || Object.keys(quotes).reduce((a, b) => (quotes[a] < quotes[b]) ? a : b)

        product = product.replace(new RegExp(quoteChar, 'g'), replacements[quoteChar])

        return quoteChar + product + quoteChar
    }

    function serializeObject (value) {
        if (stack.indexOf(value) >= 0) {
            throw TypeError('Converting circular structure to JSON5')
        }

        stack.push(value)

        let stepback = indent
        indent = indent + gap

        let keys = propertyList || Object.keys(value)
        let partial = []
        for (const key of keys) {
            const propertyString = serializeProperty(key, value)
            if (propertyString !== undefined) {
                let member = serializeKey(key) + ':'
                if (gap !== '') {
                    member += ' '
                }
                member += propertyString
                partial.push(member)
            }
        }

        let final
        if (partial.length === 0) {
            final = '{}'
        } else {
            let properties
            if (gap === '') {
                properties = partial.join(',')
                final = '{' + properties + '}'
            } else {
                let separator = ',\n' + indent
                properties = partial.join(separator)
                final = '{\n' + indent + properties + ',\n' + stepback + '}'
            }
        }

        stack.pop()
        indent = stepback
        return final
    }

    function serializeKey (key) {
        if (key.length === 0) {
            return quoteString(key, true)
        }

        const firstChar = String.fromCodePoint(key.codePointAt(0))
        if (!util.isIdStartChar(firstChar)) {
            return quoteString(key, true)
        }

        for (let i = firstChar.length; i < key.length; i++) {
            if (!util.isIdContinueChar(String.fromCodePoint(key.codePointAt(i)))) {
                return quoteString(key, true)
            }
        }

        return key
    }

    function serializeArray (value) {
        if (stack.indexOf(value) >= 0) {
            throw TypeError('Converting circular structure to JSON5')
        }

        stack.push(value)

        let stepback = indent
        indent = indent + gap

        let partial = []
        for (let i = 0; i < value.length; i++) {
            const propertyString = serializeProperty(String(i), value)
            partial.push((propertyString !== undefined) ? propertyString : 'null')
        }

        let final
        if (partial.length === 0) {
            final = '[]'
        } else {
            if (gap === '') {
                let properties = partial.join(',')
                final = '[' + properties + ']'
            } else {
                let separator = ',\n' + indent
                let properties = partial.join(separator)
                final = '[\n' + indent + properties + ',\n' + stepback + ']'
            }
        }

        stack.pop()
        indent = stepback
        return final
    }
}


/***/ }),

/***/ 7414:
/***/ ((module) => {

// This is a generated file. Do not edit.
module.exports.Space_Separator = /[\u1680\u2000-\u200A\u202F\u205F\u3000]/
module.exports.ID_Start = /[\xAA\xB5\xBA\xC0-\xD6\xD8-\xF6\xF8-\u02C1\u02C6-\u02D1\u02E0-\u02E4\u02EC\u02EE\u0370-\u0374\u0376\u0377\u037A-\u037D\u037F\u0386\u0388-\u038A\u038C\u038E-\u03A1\u03A3-\u03F5\u03F7-\u0481\u048A-\u052F\u0531-\u0556\u0559\u0561-\u0587\u05D0-\u05EA\u05F0-\u05F2\u0620-\u064A\u066E\u066F\u0671-\u06D3\u06D5\u06E5\u06E6\u06EE\u06EF\u06FA-\u06FC\u06FF\u0710\u0712-\u072F\u074D-\u07A5\u07B1\u07CA-\u07EA\u07F4\u07F5\u07FA\u0800-\u0815\u081A\u0824\u0828\u0840-\u0858\u0860-\u086A\u08A0-\u08B4\u08B6-\u08BD\u0904-\u0939\u093D\u0950\u0958-\u0961\u0971-\u0980\u0985-\u098C\u098F\u0990\u0993-\u09A8\u09AA-\u09B0\u09B2\u09B6-\u09B9\u09BD\u09CE\u09DC\u09DD\u09DF-\u09E1\u09F0\u09F1\u09FC\u0A05-\u0A0A\u0A0F\u0A10\u0A13-\u0A28\u0A2A-\u0A30\u0A32\u0A33\u0A35\u0A36\u0A38\u0A39\u0A59-\u0A5C\u0A5E\u0A72-\u0A74\u0A85-\u0A8D\u0A8F-\u0A91\u0A93-\u0AA8\u0AAA-\u0AB0\u0AB2\u0AB3\u0AB5-\u0AB9\u0ABD\u0AD0\u0AE0\u0AE1\u0AF9\u0B05-\u0B0C\u0B0F\u0B10\u0B13-\u0B28\u0B2A-\u0B30\u0B32\u0B33\u0B35-\u0B39\u0B3D\u0B5C\u0B5D\u0B5F-\u0B61\u0B71\u0B83\u0B85-\u0B8A\u0B8E-\u0B90\u0B92-\u0B95\u0B99\u0B9A\u0B9C\u0B9E\u0B9F\u0BA3\u0BA4\u0BA8-\u0BAA\u0BAE-\u0BB9\u0BD0\u0C05-\u0C0C\u0C0E-\u0C10\u0C12-\u0C28\u0C2A-\u0C39\u0C3D\u0C58-\u0C5A\u0C60\u0C61\u0C80\u0C85-\u0C8C\u0C8E-\u0C90\u0C92-\u0CA8\u0CAA-\u0CB3\u0CB5-\u0CB9\u0CBD\u0CDE\u0CE0\u0CE1\u0CF1\u0CF2\u0D05-\u0D0C\u0D0E-\u0D10\u0D12-\u0D3A\u0D3D\u0D4E\u0D54-\u0D56\u0D5F-\u0D61\u0D7A-\u0D7F\u0D85-\u0D96\u0D9A-\u0DB1\u0DB3-\u0DBB\u0DBD\u0DC0-\u0DC6\u0E01-\u0E30\u0E32\u0E33\u0E40-\u0E46\u0E81\u0E82\u0E84\u0E87\u0E88\u0E8A\u0E8D\u0E94-\u0E97\u0E99-\u0E9F\u0EA1-\u0EA3\u0EA5\u0EA7\u0EAA\u0EAB\u0EAD-\u0EB0\u0EB2\u0EB3\u0EBD\u0EC0-\u0EC4\u0EC6\u0EDC-\u0EDF\u0F00\u0F40-\u0F47\u0F49-\u0F6C\u0F88-\u0F8C\u1000-\u102A\u103F\u1050-\u1055\u105A-\u105D\u1061\u1065\u1066\u106E-\u1070\u1075-\u1081\u108E\u10A0-\u10C5\u10C7\u10CD\u10D0-\u10FA\u10FC-\u1248\u124A-\u124D\u1250-\u1256\u1258\u125A-\u125D\u1260-\u1288\u128A-\u128D\u1290-\u12B0\u12B2-\u12B5\u12B8-\u12BE\u12C0\u12C2-\u12C5\u12C8-\u12D6\u12D8-\u1310\u1312-\u1315\u1318-\u135A\u1380-\u138F\u13A0-\u13F5\u13F8-\u13FD\u1401-\u166C\u166F-\u167F\u1681-\u169A\u16A0-\u16EA\u16EE-\u16F8\u1700-\u170C\u170E-\u1711\u1720-\u1731\u1740-\u1751\u1760-\u176C\u176E-\u1770\u1780-\u17B3\u17D7\u17DC\u1820-\u1877\u1880-\u1884\u1887-\u18A8\u18AA\u18B0-\u18F5\u1900-\u191E\u1950-\u196D\u1970-\u1974\u1980-\u19AB\u19B0-\u19C9\u1A00-\u1A16\u1A20-\u1A54\u1AA7\u1B05-\u1B33\u1B45-\u1B4B\u1B83-\u1BA0\u1BAE\u1BAF\u1BBA-\u1BE5\u1C00-\u1C23\u1C4D-\u1C4F\u1C5A-\u1C7D\u1C80-\u1C88\u1CE9-\u1CEC\u1CEE-\u1CF1\u1CF5\u1CF6\u1D00-\u1DBF\u1E00-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u2071\u207F\u2090-\u209C\u2102\u2107\u210A-\u2113\u2115\u2119-\u211D\u2124\u2126\u2128\u212A-\u212D\u212F-\u2139\u213C-\u213F\u2145-\u2149\u214E\u2160-\u2188\u2C00-\u2C2E\u2C30-\u2C5E\u2C60-\u2CE4\u2CEB-\u2CEE\u2CF2\u2CF3\u2D00-\u2D25\u2D27\u2D2D\u2D30-\u2D67\u2D6F\u2D80-\u2D96\u2DA0-\u2DA6\u2DA8-\u2DAE\u2DB0-\u2DB6\u2DB8-\u2DBE\u2DC0-\u2DC6\u2DC8-\u2DCE\u2DD0-\u2DD6\u2DD8-\u2DDE\u2E2F\u3005-\u3007\u3021-\u3029\u3031-\u3035\u3038-\u303C\u3041-\u3096\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u3105-\u312E\u3131-\u318E\u31A0-\u31BA\u31F0-\u31FF\u3400-\u4DB5\u4E00-\u9FEA\uA000-\uA48C\uA4D0-\uA4FD\uA500-\uA60C\uA610-\uA61F\uA62A\uA62B\uA640-\uA66E\uA67F-\uA69D\uA6A0-\uA6EF\uA717-\uA71F\uA722-\uA788\uA78B-\uA7AE\uA7B0-\uA7B7\uA7F7-\uA801\uA803-\uA805\uA807-\uA80A\uA80C-\uA822\uA840-\uA873\uA882-\uA8B3\uA8F2-\uA8F7\uA8FB\uA8FD\uA90A-\uA925\uA930-\uA946\uA960-\uA97C\uA984-\uA9B2\uA9CF\uA9E0-\uA9E4\uA9E6-\uA9EF\uA9FA-\uA9FE\uAA00-\uAA28\uAA40-\uAA42\uAA44-\uAA4B\uAA60-\uAA76\uAA7A\uAA7E-\uAAAF\uAAB1\uAAB5\uAAB6\uAAB9-\uAABD\uAAC0\uAAC2\uAADB-\uAADD\uAAE0-\uAAEA\uAAF2-\uAAF4\uAB01-\uAB06\uAB09-\uAB0E\uAB11-\uAB16\uAB20-\uAB26\uAB28-\uAB2E\uAB30-\uAB5A\uAB5C-\uAB65\uAB70-\uABE2\uAC00-\uD7A3\uD7B0-\uD7C6\uD7CB-\uD7FB\uF900-\uFA6D\uFA70-\uFAD9\uFB00-\uFB06\uFB13-\uFB17\uFB1D\uFB1F-\uFB28\uFB2A-\uFB36\uFB38-\uFB3C\uFB3E\uFB40\uFB41\uFB43\uFB44\uFB46-\uFBB1\uFBD3-\uFD3D\uFD50-\uFD8F\uFD92-\uFDC7\uFDF0-\uFDFB\uFE70-\uFE74\uFE76-\uFEFC\uFF21-\uFF3A\uFF41-\uFF5A\uFF66-\uFFBE\uFFC2-\uFFC7\uFFCA-\uFFCF\uFFD2-\uFFD7\uFFDA-\uFFDC]|\uD800[\uDC00-\uDC0B\uDC0D-\uDC26\uDC28-\uDC3A\uDC3C\uDC3D\uDC3F-\uDC4D\uDC50-\uDC5D\uDC80-\uDCFA\uDD40-\uDD74\uDE80-\uDE9C\uDEA0-\uDED0\uDF00-\uDF1F\uDF2D-\uDF4A\uDF50-\uDF75\uDF80-\uDF9D\uDFA0-\uDFC3\uDFC8-\uDFCF\uDFD1-\uDFD5]|\uD801[\uDC00-\uDC9D\uDCB0-\uDCD3\uDCD8-\uDCFB\uDD00-\uDD27\uDD30-\uDD63\uDE00-\uDF36\uDF40-\uDF55\uDF60-\uDF67]|\uD802[\uDC00-\uDC05\uDC08\uDC0A-\uDC35\uDC37\uDC38\uDC3C\uDC3F-\uDC55\uDC60-\uDC76\uDC80-\uDC9E\uDCE0-\uDCF2\uDCF4\uDCF5\uDD00-\uDD15\uDD20-\uDD39\uDD80-\uDDB7\uDDBE\uDDBF\uDE00\uDE10-\uDE13\uDE15-\uDE17\uDE19-\uDE33\uDE60-\uDE7C\uDE80-\uDE9C\uDEC0-\uDEC7\uDEC9-\uDEE4\uDF00-\uDF35\uDF40-\uDF55\uDF60-\uDF72\uDF80-\uDF91]|\uD803[\uDC00-\uDC48\uDC80-\uDCB2\uDCC0-\uDCF2]|\uD804[\uDC03-\uDC37\uDC83-\uDCAF\uDCD0-\uDCE8\uDD03-\uDD26\uDD50-\uDD72\uDD76\uDD83-\uDDB2\uDDC1-\uDDC4\uDDDA\uDDDC\uDE00-\uDE11\uDE13-\uDE2B\uDE80-\uDE86\uDE88\uDE8A-\uDE8D\uDE8F-\uDE9D\uDE9F-\uDEA8\uDEB0-\uDEDE\uDF05-\uDF0C\uDF0F\uDF10\uDF13-\uDF28\uDF2A-\uDF30\uDF32\uDF33\uDF35-\uDF39\uDF3D\uDF50\uDF5D-\uDF61]|\uD805[\uDC00-\uDC34\uDC47-\uDC4A\uDC80-\uDCAF\uDCC4\uDCC5\uDCC7\uDD80-\uDDAE\uDDD8-\uDDDB\uDE00-\uDE2F\uDE44\uDE80-\uDEAA\uDF00-\uDF19]|\uD806[\uDCA0-\uDCDF\uDCFF\uDE00\uDE0B-\uDE32\uDE3A\uDE50\uDE5C-\uDE83\uDE86-\uDE89\uDEC0-\uDEF8]|\uD807[\uDC00-\uDC08\uDC0A-\uDC2E\uDC40\uDC72-\uDC8F\uDD00-\uDD06\uDD08\uDD09\uDD0B-\uDD30\uDD46]|\uD808[\uDC00-\uDF99]|\uD809[\uDC00-\uDC6E\uDC80-\uDD43]|[\uD80C\uD81C-\uD820\uD840-\uD868\uD86A-\uD86C\uD86F-\uD872\uD874-\uD879][\uDC00-\uDFFF]|\uD80D[\uDC00-\uDC2E]|\uD811[\uDC00-\uDE46]|\uD81A[\uDC00-\uDE38\uDE40-\uDE5E\uDED0-\uDEED\uDF00-\uDF2F\uDF40-\uDF43\uDF63-\uDF77\uDF7D-\uDF8F]|\uD81B[\uDF00-\uDF44\uDF50\uDF93-\uDF9F\uDFE0\uDFE1]|\uD821[\uDC00-\uDFEC]|\uD822[\uDC00-\uDEF2]|\uD82C[\uDC00-\uDD1E\uDD70-\uDEFB]|\uD82F[\uDC00-\uDC6A\uDC70-\uDC7C\uDC80-\uDC88\uDC90-\uDC99]|\uD835[\uDC00-\uDC54\uDC56-\uDC9C\uDC9E\uDC9F\uDCA2\uDCA5\uDCA6\uDCA9-\uDCAC\uDCAE-\uDCB9\uDCBB\uDCBD-\uDCC3\uDCC5-\uDD05\uDD07-\uDD0A\uDD0D-\uDD14\uDD16-\uDD1C\uDD1E-\uDD39\uDD3B-\uDD3E\uDD40-\uDD44\uDD46\uDD4A-\uDD50\uDD52-\uDEA5\uDEA8-\uDEC0\uDEC2-\uDEDA\uDEDC-\uDEFA\uDEFC-\uDF14\uDF16-\uDF34\uDF36-\uDF4E\uDF50-\uDF6E\uDF70-\uDF88\uDF8A-\uDFA8\uDFAA-\uDFC2\uDFC4-\uDFCB]|\uD83A[\uDC00-\uDCC4\uDD00-\uDD43]|\uD83B[\uDE00-\uDE03\uDE05-\uDE1F\uDE21\uDE22\uDE24\uDE27\uDE29-\uDE32\uDE34-\uDE37\uDE39\uDE3B\uDE42\uDE47\uDE49\uDE4B\uDE4D-\uDE4F\uDE51\uDE52\uDE54\uDE57\uDE59\uDE5B\uDE5D\uDE5F\uDE61\uDE62\uDE64\uDE67-\uDE6A\uDE6C-\uDE72\uDE74-\uDE77\uDE79-\uDE7C\uDE7E\uDE80-\uDE89\uDE8B-\uDE9B\uDEA1-\uDEA3\uDEA5-\uDEA9\uDEAB-\uDEBB]|\uD869[\uDC00-\uDED6\uDF00-\uDFFF]|\uD86D[\uDC00-\uDF34\uDF40-\uDFFF]|\uD86E[\uDC00-\uDC1D\uDC20-\uDFFF]|\uD873[\uDC00-\uDEA1\uDEB0-\uDFFF]|\uD87A[\uDC00-\uDFE0]|\uD87E[\uDC00-\uDE1D]/
module.exports.ID_Continue = /[\xAA\xB5\xBA\xC0-\xD6\xD8-\xF6\xF8-\u02C1\u02C6-\u02D1\u02E0-\u02E4\u02EC\u02EE\u0300-\u0374\u0376\u0377\u037A-\u037D\u037F\u0386\u0388-\u038A\u038C\u038E-\u03A1\u03A3-\u03F5\u03F7-\u0481\u0483-\u0487\u048A-\u052F\u0531-\u0556\u0559\u0561-\u0587\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7\u05D0-\u05EA\u05F0-\u05F2\u0610-\u061A\u0620-\u0669\u066E-\u06D3\u06D5-\u06DC\u06DF-\u06E8\u06EA-\u06FC\u06FF\u0710-\u074A\u074D-\u07B1\u07C0-\u07F5\u07FA\u0800-\u082D\u0840-\u085B\u0860-\u086A\u08A0-\u08B4\u08B6-\u08BD\u08D4-\u08E1\u08E3-\u0963\u0966-\u096F\u0971-\u0983\u0985-\u098C\u098F\u0990\u0993-\u09A8\u09AA-\u09B0\u09B2\u09B6-\u09B9\u09BC-\u09C4\u09C7\u09C8\u09CB-\u09CE\u09D7\u09DC\u09DD\u09DF-\u09E3\u09E6-\u09F1\u09FC\u0A01-\u0A03\u0A05-\u0A0A\u0A0F\u0A10\u0A13-\u0A28\u0A2A-\u0A30\u0A32\u0A33\u0A35\u0A36\u0A38\u0A39\u0A3C\u0A3E-\u0A42\u0A47\u0A48\u0A4B-\u0A4D\u0A51\u0A59-\u0A5C\u0A5E\u0A66-\u0A75\u0A81-\u0A83\u0A85-\u0A8D\u0A8F-\u0A91\u0A93-\u0AA8\u0AAA-\u0AB0\u0AB2\u0AB3\u0AB5-\u0AB9\u0ABC-\u0AC5\u0AC7-\u0AC9\u0ACB-\u0ACD\u0AD0\u0AE0-\u0AE3\u0AE6-\u0AEF\u0AF9-\u0AFF\u0B01-\u0B03\u0B05-\u0B0C\u0B0F\u0B10\u0B13-\u0B28\u0B2A-\u0B30\u0B32\u0B33\u0B35-\u0B39\u0B3C-\u0B44\u0B47\u0B48\u0B4B-\u0B4D\u0B56\u0B57\u0B5C\u0B5D\u0B5F-\u0B63\u0B66-\u0B6F\u0B71\u0B82\u0B83\u0B85-\u0B8A\u0B8E-\u0B90\u0B92-\u0B95\u0B99\u0B9A\u0B9C\u0B9E\u0B9F\u0BA3\u0BA4\u0BA8-\u0BAA\u0BAE-\u0BB9\u0BBE-\u0BC2\u0BC6-\u0BC8\u0BCA-\u0BCD\u0BD0\u0BD7\u0BE6-\u0BEF\u0C00-\u0C03\u0C05-\u0C0C\u0C0E-\u0C10\u0C12-\u0C28\u0C2A-\u0C39\u0C3D-\u0C44\u0C46-\u0C48\u0C4A-\u0C4D\u0C55\u0C56\u0C58-\u0C5A\u0C60-\u0C63\u0C66-\u0C6F\u0C80-\u0C83\u0C85-\u0C8C\u0C8E-\u0C90\u0C92-\u0CA8\u0CAA-\u0CB3\u0CB5-\u0CB9\u0CBC-\u0CC4\u0CC6-\u0CC8\u0CCA-\u0CCD\u0CD5\u0CD6\u0CDE\u0CE0-\u0CE3\u0CE6-\u0CEF\u0CF1\u0CF2\u0D00-\u0D03\u0D05-\u0D0C\u0D0E-\u0D10\u0D12-\u0D44\u0D46-\u0D48\u0D4A-\u0D4E\u0D54-\u0D57\u0D5F-\u0D63\u0D66-\u0D6F\u0D7A-\u0D7F\u0D82\u0D83\u0D85-\u0D96\u0D9A-\u0DB1\u0DB3-\u0DBB\u0DBD\u0DC0-\u0DC6\u0DCA\u0DCF-\u0DD4\u0DD6\u0DD8-\u0DDF\u0DE6-\u0DEF\u0DF2\u0DF3\u0E01-\u0E3A\u0E40-\u0E4E\u0E50-\u0E59\u0E81\u0E82\u0E84\u0E87\u0E88\u0E8A\u0E8D\u0E94-\u0E97\u0E99-\u0E9F\u0EA1-\u0EA3\u0EA5\u0EA7\u0EAA\u0EAB\u0EAD-\u0EB9\u0EBB-\u0EBD\u0EC0-\u0EC4\u0EC6\u0EC8-\u0ECD\u0ED0-\u0ED9\u0EDC-\u0EDF\u0F00\u0F18\u0F19\u0F20-\u0F29\u0F35\u0F37\u0F39\u0F3E-\u0F47\u0F49-\u0F6C\u0F71-\u0F84\u0F86-\u0F97\u0F99-\u0FBC\u0FC6\u1000-\u1049\u1050-\u109D\u10A0-\u10C5\u10C7\u10CD\u10D0-\u10FA\u10FC-\u1248\u124A-\u124D\u1250-\u1256\u1258\u125A-\u125D\u1260-\u1288\u128A-\u128D\u1290-\u12B0\u12B2-\u12B5\u12B8-\u12BE\u12C0\u12C2-\u12C5\u12C8-\u12D6\u12D8-\u1310\u1312-\u1315\u1318-\u135A\u135D-\u135F\u1380-\u138F\u13A0-\u13F5\u13F8-\u13FD\u1401-\u166C\u166F-\u167F\u1681-\u169A\u16A0-\u16EA\u16EE-\u16F8\u1700-\u170C\u170E-\u1714\u1720-\u1734\u1740-\u1753\u1760-\u176C\u176E-\u1770\u1772\u1773\u1780-\u17D3\u17D7\u17DC\u17DD\u17E0-\u17E9\u180B-\u180D\u1810-\u1819\u1820-\u1877\u1880-\u18AA\u18B0-\u18F5\u1900-\u191E\u1920-\u192B\u1930-\u193B\u1946-\u196D\u1970-\u1974\u1980-\u19AB\u19B0-\u19C9\u19D0-\u19D9\u1A00-\u1A1B\u1A20-\u1A5E\u1A60-\u1A7C\u1A7F-\u1A89\u1A90-\u1A99\u1AA7\u1AB0-\u1ABD\u1B00-\u1B4B\u1B50-\u1B59\u1B6B-\u1B73\u1B80-\u1BF3\u1C00-\u1C37\u1C40-\u1C49\u1C4D-\u1C7D\u1C80-\u1C88\u1CD0-\u1CD2\u1CD4-\u1CF9\u1D00-\u1DF9\u1DFB-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u203F\u2040\u2054\u2071\u207F\u2090-\u209C\u20D0-\u20DC\u20E1\u20E5-\u20F0\u2102\u2107\u210A-\u2113\u2115\u2119-\u211D\u2124\u2126\u2128\u212A-\u212D\u212F-\u2139\u213C-\u213F\u2145-\u2149\u214E\u2160-\u2188\u2C00-\u2C2E\u2C30-\u2C5E\u2C60-\u2CE4\u2CEB-\u2CF3\u2D00-\u2D25\u2D27\u2D2D\u2D30-\u2D67\u2D6F\u2D7F-\u2D96\u2DA0-\u2DA6\u2DA8-\u2DAE\u2DB0-\u2DB6\u2DB8-\u2DBE\u2DC0-\u2DC6\u2DC8-\u2DCE\u2DD0-\u2DD6\u2DD8-\u2DDE\u2DE0-\u2DFF\u2E2F\u3005-\u3007\u3021-\u302F\u3031-\u3035\u3038-\u303C\u3041-\u3096\u3099\u309A\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u3105-\u312E\u3131-\u318E\u31A0-\u31BA\u31F0-\u31FF\u3400-\u4DB5\u4E00-\u9FEA\uA000-\uA48C\uA4D0-\uA4FD\uA500-\uA60C\uA610-\uA62B\uA640-\uA66F\uA674-\uA67D\uA67F-\uA6F1\uA717-\uA71F\uA722-\uA788\uA78B-\uA7AE\uA7B0-\uA7B7\uA7F7-\uA827\uA840-\uA873\uA880-\uA8C5\uA8D0-\uA8D9\uA8E0-\uA8F7\uA8FB\uA8FD\uA900-\uA92D\uA930-\uA953\uA960-\uA97C\uA980-\uA9C0\uA9CF-\uA9D9\uA9E0-\uA9FE\uAA00-\uAA36\uAA40-\uAA4D\uAA50-\uAA59\uAA60-\uAA76\uAA7A-\uAAC2\uAADB-\uAADD\uAAE0-\uAAEF\uAAF2-\uAAF6\uAB01-\uAB06\uAB09-\uAB0E\uAB11-\uAB16\uAB20-\uAB26\uAB28-\uAB2E\uAB30-\uAB5A\uAB5C-\uAB65\uAB70-\uABEA\uABEC\uABED\uABF0-\uABF9\uAC00-\uD7A3\uD7B0-\uD7C6\uD7CB-\uD7FB\uF900-\uFA6D\uFA70-\uFAD9\uFB00-\uFB06\uFB13-\uFB17\uFB1D-\uFB28\uFB2A-\uFB36\uFB38-\uFB3C\uFB3E\uFB40\uFB41\uFB43\uFB44\uFB46-\uFBB1\uFBD3-\uFD3D\uFD50-\uFD8F\uFD92-\uFDC7\uFDF0-\uFDFB\uFE00-\uFE0F\uFE20-\uFE2F\uFE33\uFE34\uFE4D-\uFE4F\uFE70-\uFE74\uFE76-\uFEFC\uFF10-\uFF19\uFF21-\uFF3A\uFF3F\uFF41-\uFF5A\uFF66-\uFFBE\uFFC2-\uFFC7\uFFCA-\uFFCF\uFFD2-\uFFD7\uFFDA-\uFFDC]|\uD800[\uDC00-\uDC0B\uDC0D-\uDC26\uDC28-\uDC3A\uDC3C\uDC3D\uDC3F-\uDC4D\uDC50-\uDC5D\uDC80-\uDCFA\uDD40-\uDD74\uDDFD\uDE80-\uDE9C\uDEA0-\uDED0\uDEE0\uDF00-\uDF1F\uDF2D-\uDF4A\uDF50-\uDF7A\uDF80-\uDF9D\uDFA0-\uDFC3\uDFC8-\uDFCF\uDFD1-\uDFD5]|\uD801[\uDC00-\uDC9D\uDCA0-\uDCA9\uDCB0-\uDCD3\uDCD8-\uDCFB\uDD00-\uDD27\uDD30-\uDD63\uDE00-\uDF36\uDF40-\uDF55\uDF60-\uDF67]|\uD802[\uDC00-\uDC05\uDC08\uDC0A-\uDC35\uDC37\uDC38\uDC3C\uDC3F-\uDC55\uDC60-\uDC76\uDC80-\uDC9E\uDCE0-\uDCF2\uDCF4\uDCF5\uDD00-\uDD15\uDD20-\uDD39\uDD80-\uDDB7\uDDBE\uDDBF\uDE00-\uDE03\uDE05\uDE06\uDE0C-\uDE13\uDE15-\uDE17\uDE19-\uDE33\uDE38-\uDE3A\uDE3F\uDE60-\uDE7C\uDE80-\uDE9C\uDEC0-\uDEC7\uDEC9-\uDEE6\uDF00-\uDF35\uDF40-\uDF55\uDF60-\uDF72\uDF80-\uDF91]|\uD803[\uDC00-\uDC48\uDC80-\uDCB2\uDCC0-\uDCF2]|\uD804[\uDC00-\uDC46\uDC66-\uDC6F\uDC7F-\uDCBA\uDCD0-\uDCE8\uDCF0-\uDCF9\uDD00-\uDD34\uDD36-\uDD3F\uDD50-\uDD73\uDD76\uDD80-\uDDC4\uDDCA-\uDDCC\uDDD0-\uDDDA\uDDDC\uDE00-\uDE11\uDE13-\uDE37\uDE3E\uDE80-\uDE86\uDE88\uDE8A-\uDE8D\uDE8F-\uDE9D\uDE9F-\uDEA8\uDEB0-\uDEEA\uDEF0-\uDEF9\uDF00-\uDF03\uDF05-\uDF0C\uDF0F\uDF10\uDF13-\uDF28\uDF2A-\uDF30\uDF32\uDF33\uDF35-\uDF39\uDF3C-\uDF44\uDF47\uDF48\uDF4B-\uDF4D\uDF50\uDF57\uDF5D-\uDF63\uDF66-\uDF6C\uDF70-\uDF74]|\uD805[\uDC00-\uDC4A\uDC50-\uDC59\uDC80-\uDCC5\uDCC7\uDCD0-\uDCD9\uDD80-\uDDB5\uDDB8-\uDDC0\uDDD8-\uDDDD\uDE00-\uDE40\uDE44\uDE50-\uDE59\uDE80-\uDEB7\uDEC0-\uDEC9\uDF00-\uDF19\uDF1D-\uDF2B\uDF30-\uDF39]|\uD806[\uDCA0-\uDCE9\uDCFF\uDE00-\uDE3E\uDE47\uDE50-\uDE83\uDE86-\uDE99\uDEC0-\uDEF8]|\uD807[\uDC00-\uDC08\uDC0A-\uDC36\uDC38-\uDC40\uDC50-\uDC59\uDC72-\uDC8F\uDC92-\uDCA7\uDCA9-\uDCB6\uDD00-\uDD06\uDD08\uDD09\uDD0B-\uDD36\uDD3A\uDD3C\uDD3D\uDD3F-\uDD47\uDD50-\uDD59]|\uD808[\uDC00-\uDF99]|\uD809[\uDC00-\uDC6E\uDC80-\uDD43]|[\uD80C\uD81C-\uD820\uD840-\uD868\uD86A-\uD86C\uD86F-\uD872\uD874-\uD879][\uDC00-\uDFFF]|\uD80D[\uDC00-\uDC2E]|\uD811[\uDC00-\uDE46]|\uD81A[\uDC00-\uDE38\uDE40-\uDE5E\uDE60-\uDE69\uDED0-\uDEED\uDEF0-\uDEF4\uDF00-\uDF36\uDF40-\uDF43\uDF50-\uDF59\uDF63-\uDF77\uDF7D-\uDF8F]|\uD81B[\uDF00-\uDF44\uDF50-\uDF7E\uDF8F-\uDF9F\uDFE0\uDFE1]|\uD821[\uDC00-\uDFEC]|\uD822[\uDC00-\uDEF2]|\uD82C[\uDC00-\uDD1E\uDD70-\uDEFB]|\uD82F[\uDC00-\uDC6A\uDC70-\uDC7C\uDC80-\uDC88\uDC90-\uDC99\uDC9D\uDC9E]|\uD834[\uDD65-\uDD69\uDD6D-\uDD72\uDD7B-\uDD82\uDD85-\uDD8B\uDDAA-\uDDAD\uDE42-\uDE44]|\uD835[\uDC00-\uDC54\uDC56-\uDC9C\uDC9E\uDC9F\uDCA2\uDCA5\uDCA6\uDCA9-\uDCAC\uDCAE-\uDCB9\uDCBB\uDCBD-\uDCC3\uDCC5-\uDD05\uDD07-\uDD0A\uDD0D-\uDD14\uDD16-\uDD1C\uDD1E-\uDD39\uDD3B-\uDD3E\uDD40-\uDD44\uDD46\uDD4A-\uDD50\uDD52-\uDEA5\uDEA8-\uDEC0\uDEC2-\uDEDA\uDEDC-\uDEFA\uDEFC-\uDF14\uDF16-\uDF34\uDF36-\uDF4E\uDF50-\uDF6E\uDF70-\uDF88\uDF8A-\uDFA8\uDFAA-\uDFC2\uDFC4-\uDFCB\uDFCE-\uDFFF]|\uD836[\uDE00-\uDE36\uDE3B-\uDE6C\uDE75\uDE84\uDE9B-\uDE9F\uDEA1-\uDEAF]|\uD838[\uDC00-\uDC06\uDC08-\uDC18\uDC1B-\uDC21\uDC23\uDC24\uDC26-\uDC2A]|\uD83A[\uDC00-\uDCC4\uDCD0-\uDCD6\uDD00-\uDD4A\uDD50-\uDD59]|\uD83B[\uDE00-\uDE03\uDE05-\uDE1F\uDE21\uDE22\uDE24\uDE27\uDE29-\uDE32\uDE34-\uDE37\uDE39\uDE3B\uDE42\uDE47\uDE49\uDE4B\uDE4D-\uDE4F\uDE51\uDE52\uDE54\uDE57\uDE59\uDE5B\uDE5D\uDE5F\uDE61\uDE62\uDE64\uDE67-\uDE6A\uDE6C-\uDE72\uDE74-\uDE77\uDE79-\uDE7C\uDE7E\uDE80-\uDE89\uDE8B-\uDE9B\uDEA1-\uDEA3\uDEA5-\uDEA9\uDEAB-\uDEBB]|\uD869[\uDC00-\uDED6\uDF00-\uDFFF]|\uD86D[\uDC00-\uDF34\uDF40-\uDFFF]|\uD86E[\uDC00-\uDC1D\uDC20-\uDFFF]|\uD873[\uDC00-\uDEA1\uDEB0-\uDFFF]|\uD87A[\uDC00-\uDFE0]|\uD87E[\uDC00-\uDE1D]|\uDB40[\uDD00-\uDDEF]/


/***/ }),

/***/ 7393:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

const unicode = __webpack_require__(7414)

module.exports = {
    isSpaceSeparator (c) {
        return typeof c === 'string' && unicode.Space_Separator.test(c)
    },

    isIdStartChar (c) {
        return typeof c === 'string' && (
            (c >= 'a' && c <= 'z') ||
        (c >= 'A' && c <= 'Z') ||
        (c === '$') || (c === '_') ||
        unicode.ID_Start.test(c)
        )
    },

    isIdContinueChar (c) {
        return typeof c === 'string' && (
            (c >= 'a' && c <= 'z') ||
        (c >= 'A' && c <= 'Z') ||
        (c >= '0' && c <= '9') ||
        (c === '$') || (c === '_') ||
        (c === '\u200C') || (c === '\u200D') ||
        unicode.ID_Continue.test(c)
        )
    },

    isDigit (c) {
        return typeof c === 'string' && /[0-9]/.test(c)
    },

    isHexDigit (c) {
        return typeof c === 'string' && /[0-9A-Fa-f]/.test(c)
    },
}


/***/ }),

/***/ 785:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
// This is an empty module that is served up when outside of a workerd environment
// See the `exports` field in package.json
exports["default"] = {};
//# sourceMappingURL=empty.js.map

/***/ }),

/***/ 6122:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



//Parse method copied from https://github.com/brianc/node-postgres
//Copyright (c) 2010-2014 Brian Carlson (brian.m.carlson@gmail.com)
//MIT License

//parses a connection string
function parse(str, options = {}) {
  //unix socket
  if (str.charAt(0) === '/') {
    const config = str.split(' ')
    return { host: config[0], database: config[1] }
  }

  // Check for empty host in URL

  const config = Object.create(null)
  let result
  let dummyHost = false
  if (/ |%[^a-f0-9]|%[a-f0-9][^a-f0-9]/i.test(str)) {
    // Ensure spaces are encoded as %20
    str = encodeURI(str).replace(/%25(\d\d)/g, '%$1')
  }

  try {
    try {
      result = new URL(str, 'postgres://base')
    } catch (e) {
      // The URL is invalid so try again with a dummy host
      result = new URL(str.replace('@/', '@___DUMMY___/'), 'postgres://base')
      dummyHost = true
    }
  } catch (err) {
    // Remove the input from the error message to avoid leaking sensitive information
    err.input && (err.input = '*****REDACTED*****')
    throw err
  }

  // We'd like to use Object.fromEntries() here but Node.js 10 does not support it
  for (const entry of result.searchParams.entries()) {
    config[entry[0]] = entry[1]
  }

  config.user = config.user || decodeURIComponent(result.username)
  config.password = config.password || decodeURIComponent(result.password)

  if (result.protocol == 'socket:') {
    config.host = decodeURI(result.pathname)
    config.database = result.searchParams.get('db')
    config.client_encoding = result.searchParams.get('encoding')
    return config
  }
  const hostname = (dummyHost ? '' : result.hostname).replace(/^\[(.+)\]$/, '$1')
  if (!config.host) {
    // Only set the host if there is no equivalent query param.
    config.host = decodeURIComponent(hostname)
  } else if (hostname && /^%2f/i.test(hostname)) {
    // Only prepend the hostname to the pathname if it is not a URL encoded Unix socket host.
    result.pathname = hostname + result.pathname
  }
  if (!config.port) {
    // Only set the port if there is no equivalent query param.
    config.port = result.port
  }

  const pathname = result.pathname.slice(1) || null
  config.database = pathname ? decodeURI(pathname) : null

  if (config.ssl === 'true' || config.ssl === '1') {
    config.ssl = true
  }

  if (config.ssl === '0') {
    config.ssl = false
  }

  if (config.sslcert || config.sslkey || config.sslrootcert || config.sslmode) {
    config.ssl = {}
  }

  // sslnegotiation=direct implies SSL is in use (libpq requires sslmode>=require),
  // so enable SSL if the connection string did not otherwise configure it.
  if (config.sslnegotiation === 'direct' && config.ssl === undefined) {
    config.ssl = true
  }

  // Only try to load fs if we expect to read from the disk
  const fs = config.sslcert || config.sslkey || config.sslrootcert ? __webpack_require__(9896) : null

  if (config.sslcert) {
    config.ssl.cert = fs.readFileSync(config.sslcert).toString()
  }

  if (config.sslkey) {
    config.ssl.key = fs.readFileSync(config.sslkey).toString()
  }

  if (config.sslrootcert) {
    config.ssl.ca = fs.readFileSync(config.sslrootcert).toString()
  }

  if (options.useLibpqCompat && config.uselibpqcompat) {
    throw new Error('Both useLibpqCompat and uselibpqcompat are set. Please use only one of them.')
  }

  if (config.uselibpqcompat === 'true' || options.useLibpqCompat) {
    switch (config.sslmode) {
      case 'disable': {
        config.ssl = false
        break
      }
      case 'prefer': {
        config.ssl.rejectUnauthorized = false
        break
      }
      case 'require': {
        if (config.sslrootcert) {
          // If a root CA is specified, behavior of `sslmode=require` will be the same as that of `verify-ca`
          config.ssl.checkServerIdentity = function () {}
        } else {
          config.ssl.rejectUnauthorized = false
        }
        break
      }
      case 'verify-ca': {
        if (!config.ssl.ca) {
          throw new Error(
            'SECURITY WARNING: Using sslmode=verify-ca requires specifying a CA with sslrootcert. If a public CA is used, verify-ca allows connections to a server that somebody else may have registered with the CA, making you vulnerable to Man-in-the-Middle attacks. Either specify a custom CA certificate with sslrootcert parameter or use sslmode=verify-full for proper security.'
          )
        }
        config.ssl.checkServerIdentity = function () {}
        break
      }
      case 'verify-full': {
        break
      }
    }
  } else {
    switch (config.sslmode) {
      case 'disable': {
        config.ssl = false
        break
      }
      case 'prefer':
      case 'require':
      case 'verify-ca':
      case 'verify-full': {
        if (config.sslmode !== 'verify-full') {
          deprecatedSslModeWarning(config.sslmode)
        }
        break
      }
      case 'no-verify': {
        config.ssl.rejectUnauthorized = false
        break
      }
    }
  }

  return config
}

// convert pg-connection-string ssl config to a ClientConfig.ConnectionOptions
function toConnectionOptions(sslConfig) {
  const connectionOptions = Object.entries(sslConfig).reduce((c, [key, value]) => {
    // we explicitly check for undefined and null instead of `if (value)` because some
    // options accept falsy values. Example: `ssl.rejectUnauthorized = false`
    if (value !== undefined && value !== null) {
      c[key] = value
    }

    return c
  }, Object.create(null))

  return connectionOptions
}

// convert pg-connection-string config to a ClientConfig
function toClientConfig(config) {
  const poolConfig = Object.entries(config).reduce((c, [key, value]) => {
    if (key === 'ssl') {
      const sslConfig = value

      if (typeof sslConfig === 'boolean') {
        c[key] = sslConfig
      }

      if (typeof sslConfig === 'object') {
        c[key] = toConnectionOptions(sslConfig)
      }
    } else if (value !== undefined && value !== null) {
      if (key === 'port') {
        // when port is not specified, it is converted into an empty string
        // we want to avoid NaN or empty string as a values in ClientConfig
        if (value !== '') {
          const v = parseInt(value, 10)
          if (isNaN(v)) {
            throw new Error(`Invalid ${key}: ${value}`)
          }

          c[key] = v
        }
      } else {
        c[key] = value
      }
    }

    return c
  }, Object.create(null))

  return poolConfig
}

// parses a connection string into ClientConfig
function parseIntoClientConfig(str) {
  return toClientConfig(parse(str))
}

function deprecatedSslModeWarning(sslmode) {
  if (!deprecatedSslModeWarning.warned && typeof process !== 'undefined' && process.emitWarning) {
    deprecatedSslModeWarning.warned = true
    process.emitWarning(`SECURITY WARNING: The SSL modes 'prefer', 'require', and 'verify-ca' are treated as aliases for 'verify-full'.
In the next major version (pg-connection-string v3.0.0 and pg v9.0.0), these modes will adopt standard libpq semantics, which have weaker security guarantees.

To prepare for this change:
- If you want the current behavior, explicitly use 'sslmode=verify-full'
- If you want libpq compatibility now, use 'uselibpqcompat=true&sslmode=${sslmode}'

See https://www.postgresql.org/docs/current/libpq-ssl.html for libpq SSL mode definitions.`)
  }
}

module.exports = parse

parse.parse = parse
parse.toClientConfig = toClientConfig
parse.parseIntoClientConfig = parseIntoClientConfig


/***/ }),

/***/ 2299:
/***/ ((module) => {



// selected so (BASE - 1) * 0x100000000 + 0xffffffff is a safe integer
var BASE = 1000000;

function readInt8(buffer) {
	var high = buffer.readInt32BE(0);
	var low = buffer.readUInt32BE(4);
	var sign = '';

	if (high < 0) {
		high = ~high + (low === 0);
		low = (~low + 1) >>> 0;
		sign = '-';
	}

	var result = '';
	var carry;
	var t;
	var digits;
	var pad;
	var l;
	var i;

	{
		carry = high % BASE;
		high = high / BASE >>> 0;

		t = 0x100000000 * carry + low;
		low = t / BASE >>> 0;
		digits = '' + (t - BASE * low);

		if (low === 0 && high === 0) {
			return sign + digits + result;
		}

		pad = '';
		l = 6 - digits.length;

		for (i = 0; i < l; i++) {
			pad += '0';
		}

		result = pad + digits + result;
	}

	{
		carry = high % BASE;
		high = high / BASE >>> 0;

		t = 0x100000000 * carry + low;
		low = t / BASE >>> 0;
		digits = '' + (t - BASE * low);

		if (low === 0 && high === 0) {
			return sign + digits + result;
		}

		pad = '';
		l = 6 - digits.length;

		for (i = 0; i < l; i++) {
			pad += '0';
		}

		result = pad + digits + result;
	}

	{
		carry = high % BASE;
		high = high / BASE >>> 0;

		t = 0x100000000 * carry + low;
		low = t / BASE >>> 0;
		digits = '' + (t - BASE * low);

		if (low === 0 && high === 0) {
			return sign + digits + result;
		}

		pad = '';
		l = 6 - digits.length;

		for (i = 0; i < l; i++) {
			pad += '0';
		}

		result = pad + digits + result;
	}

	{
		carry = high % BASE;
		t = 0x100000000 * carry + low;
		digits = '' + t % BASE;

		return sign + digits + result;
	}
}

module.exports = readInt8;


/***/ }),

/***/ 7558:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {


const EventEmitter = (__webpack_require__(4434).EventEmitter)

const NOOP = function () {}

const removeWhere = (list, predicate) => {
  const i = list.findIndex(predicate)

  return i === -1 ? undefined : list.splice(i, 1)[0]
}

class IdleItem {
  constructor(client, idleListener, timeoutId) {
    this.client = client
    this.idleListener = idleListener
    this.timeoutId = timeoutId
  }
}

class PendingItem {
  constructor(callback) {
    this.callback = callback
  }
}

function throwOnDoubleRelease() {
  throw new Error('Release called on client which has already been released to the pool.')
}

function promisify(Promise, callback) {
  if (callback) {
    return { callback: callback, result: undefined }
  }
  let rej
  let res
  const cb = function (err, client) {
    err ? rej(err) : res(client)
  }
  const result = new Promise(function (resolve, reject) {
    res = resolve
    rej = reject
  }).catch((err) => {
    // replace the stack trace that leads to `TCP.onStreamRead` with one that leads back to the
    // application that created the query
    Error.captureStackTrace(err)
    throw err
  })
  return { callback: cb, result: result }
}

function makeIdleListener(pool, client) {
  return function idleListener(err) {
    err.client = client

    client.removeListener('error', idleListener)
    client.on('error', () => {
      pool.log('additional client error after disconnection due to error', err)
    })
    pool._remove(client)
    // TODO - document that once the pool emits an error
    // the client has already been closed & purged and is unusable
    pool.emit('error', err, client)
  }
}

class Pool extends EventEmitter {
  constructor(options, Client) {
    super()
    this.options = Object.assign({}, options)

    if (options != null && 'password' in options) {
      // "hiding" the password so it doesn't show up in stack traces
      // or if the client is console.logged
      Object.defineProperty(this.options, 'password', {
        configurable: true,
        enumerable: false,
        writable: true,
        value: options.password,
      })
    }
    if (options != null && options.ssl && options.ssl.key) {
      // "hiding" the ssl->key so it doesn't show up in stack traces
      // or if the client is console.logged
      Object.defineProperty(this.options.ssl, 'key', {
        enumerable: false,
      })
    }

    this.options.max = this.options.max || this.options.poolSize || 10
    this.options.min = this.options.min || 0
    this.options.maxUses = this.options.maxUses || Infinity
    this.options.allowExitOnIdle = this.options.allowExitOnIdle || false
    this.options.maxLifetimeSeconds = this.options.maxLifetimeSeconds || 0
    this.log = this.options.log || function () {}
    this.Client = this.options.Client || Client || (__webpack_require__(3273).Client)
    this.Promise = this.options.Promise || global.Promise

    if (typeof this.options.idleTimeoutMillis === 'undefined') {
      this.options.idleTimeoutMillis = 10000
    }

    this._clients = []
    this._idle = []
    this._expired = new WeakSet()
    this._pendingQueue = []
    this._endCallback = undefined
    this.ending = false
    this.ended = false
  }

  _promiseTry(f) {
    const Promise = this.Promise
    if (typeof Promise.try === 'function') {
      return Promise.try(f)
    }
    return new Promise((resolve) => resolve(f()))
  }

  _isFull() {
    return this._clients.length >= this.options.max
  }

  _isAboveMin() {
    return this._clients.length > this.options.min
  }

  _pulseQueue() {
    this.log('pulse queue')
    if (this.ended) {
      this.log('pulse queue ended')
      return
    }
    if (this.ending) {
      this.log('pulse queue on ending')
      if (this._idle.length) {
        this._idle.slice().map((item) => {
          this._remove(item.client)
        })
      }
      if (!this._clients.length) {
        this.ended = true
        this._endCallback()
      }
      return
    }

    // if we don't have any waiting, do nothing
    if (!this._pendingQueue.length) {
      this.log('no queued requests')
      return
    }
    // if we don't have any idle clients and we have no more room do nothing
    if (!this._idle.length && this._isFull()) {
      return
    }
    const pendingItem = this._pendingQueue.shift()
    if (this._idle.length) {
      const idleItem = this._idle.pop()
      clearTimeout(idleItem.timeoutId)
      const client = idleItem.client
      client.ref && client.ref()
      const idleListener = idleItem.idleListener

      return this._acquireClient(client, pendingItem, idleListener, false)
    }
    if (!this._isFull()) {
      return this.newClient(pendingItem)
    }
    throw new Error('unexpected condition')
  }

  _remove(client, callback) {
    const removed = removeWhere(this._idle, (item) => item.client === client)

    if (removed !== undefined) {
      clearTimeout(removed.timeoutId)
    }

    this._clients = this._clients.filter((c) => c !== client)
    const context = this
    client.end(() => {
      context.emit('remove', client)

      if (typeof callback === 'function') {
        callback()
      }
    })
  }

  connect(cb) {
    if (this.ending) {
      const err = new Error('Cannot use a pool after calling end on the pool')
      return cb ? cb(err) : this.Promise.reject(err)
    }

    const response = promisify(this.Promise, cb)
    const result = response.result

    // if we don't have to connect a new client, don't do so
    if (this._isFull() || this._idle.length) {
      // if we have idle clients schedule a pulse immediately
      if (this._idle.length) {
        process.nextTick(() => this._pulseQueue())
      }

      if (!this.options.connectionTimeoutMillis) {
        this._pendingQueue.push(new PendingItem(response.callback))
        return result
      }

      const queueCallback = (err, res, done) => {
        clearTimeout(tid)
        response.callback(err, res, done)
      }

      const pendingItem = new PendingItem(queueCallback)

      // set connection timeout on checking out an existing client
      const tid = setTimeout(() => {
        // remove the callback from pending waiters because
        // we're going to call it with a timeout error
        removeWhere(this._pendingQueue, (i) => i.callback === queueCallback)
        pendingItem.timedOut = true
        response.callback(new Error('timeout exceeded when trying to connect'))
      }, this.options.connectionTimeoutMillis)

      if (tid.unref) {
        tid.unref()
      }

      this._pendingQueue.push(pendingItem)
      return result
    }

    this.newClient(new PendingItem(response.callback))

    return result
  }

  newClient(pendingItem) {
    const client = new this.Client(this.options)
    this._clients.push(client)
    const idleListener = makeIdleListener(this, client)

    this.log('checking client timeout')

    // connection timeout logic
    let tid
    let timeoutHit = false
    if (this.options.connectionTimeoutMillis) {
      tid = setTimeout(() => {
        if (client.connection) {
          this.log('ending client due to timeout')
          timeoutHit = true
          client.connection.stream.destroy()
        } else if (!client.isConnected()) {
          this.log('ending client due to timeout')
          timeoutHit = true
          // force kill the node driver, and let libpq do its teardown
          client.end()
        }
      }, this.options.connectionTimeoutMillis)
    }

    this.log('connecting new client')
    client.connect((err) => {
      if (tid) {
        clearTimeout(tid)
      }
      client.on('error', idleListener)
      if (err) {
        this.log('client failed to connect', err)
        // remove the dead client from our list of clients
        this._clients = this._clients.filter((c) => c !== client)
        if (timeoutHit) {
          err = new Error('Connection terminated due to connection timeout', { cause: err })
        }

        // this client won’t be released, so move on immediately
        this._pulseQueue()

        if (!pendingItem.timedOut) {
          pendingItem.callback(err, undefined, NOOP)
        }
      } else {
        this.log('new client connected')

        if (this.options.onConnect) {
          this._promiseTry(() => this.options.onConnect(client)).then(
            () => {
              this._afterConnect(client, pendingItem, idleListener)
            },
            (hookErr) => {
              this._clients = this._clients.filter((c) => c !== client)
              client.end(() => {
                this._pulseQueue()
                if (!pendingItem.timedOut) {
                  pendingItem.callback(hookErr, undefined, NOOP)
                }
              })
            }
          )
          return
        }

        return this._afterConnect(client, pendingItem, idleListener)
      }
    })
  }

  _afterConnect(client, pendingItem, idleListener) {
    if (this.options.maxLifetimeSeconds !== 0) {
      const maxLifetimeTimeout = setTimeout(() => {
        this.log('ending client due to expired lifetime')
        this._expired.add(client)
        const idleIndex = this._idle.findIndex((idleItem) => idleItem.client === client)
        if (idleIndex !== -1) {
          this._acquireClient(
            client,
            new PendingItem((err, client, clientRelease) => clientRelease()),
            idleListener,
            false
          )
        }
      }, this.options.maxLifetimeSeconds * 1000)

      maxLifetimeTimeout.unref()
      client.once('end', () => clearTimeout(maxLifetimeTimeout))
    }

    return this._acquireClient(client, pendingItem, idleListener, true)
  }

  // acquire a client for a pending work item
  _acquireClient(client, pendingItem, idleListener, isNew) {
    if (isNew) {
      this.emit('connect', client)
    }

    this.emit('acquire', client)

    client.release = this._releaseOnce(client, idleListener)

    client.removeListener('error', idleListener)

    if (!pendingItem.timedOut) {
      if (isNew && this.options.verify) {
        this.options.verify(client, (err) => {
          if (err) {
            client.release(err)
            return pendingItem.callback(err, undefined, NOOP)
          }

          pendingItem.callback(undefined, client, client.release)
        })
      } else {
        pendingItem.callback(undefined, client, client.release)
      }
    } else {
      if (isNew && this.options.verify) {
        this.options.verify(client, client.release)
      } else {
        client.release()
      }
    }
  }

  // returns a function that wraps _release and throws if called more than once
  _releaseOnce(client, idleListener) {
    let released = false

    return (err) => {
      if (released) {
        throwOnDoubleRelease()
      }

      released = true
      this._release(client, idleListener, err)
    }
  }

  // release a client back to the poll, include an error
  // to remove it from the pool
  _release(client, idleListener, err) {
    client.on('error', idleListener)

    client._poolUseCount = (client._poolUseCount || 0) + 1

    this.emit('release', err, client)

    // TODO(bmc): expose a proper, public interface _queryable and _ending
    if (err || this.ending || !client._queryable || client._ending || client._poolUseCount >= this.options.maxUses) {
      if (client._poolUseCount >= this.options.maxUses) {
        this.log('remove expended client')
      }

      return this._remove(client, this._pulseQueue.bind(this))
    }

    const isExpired = this._expired.has(client)
    if (isExpired) {
      this.log('remove expired client')
      this._expired.delete(client)
      return this._remove(client, this._pulseQueue.bind(this))
    }

    // idle timeout
    let tid
    if (this.options.idleTimeoutMillis && this._isAboveMin()) {
      tid = setTimeout(() => {
        if (this._isAboveMin()) {
          this.log('remove idle client')
          this._remove(client, this._pulseQueue.bind(this))
        }
      }, this.options.idleTimeoutMillis)

      if (this.options.allowExitOnIdle) {
        // allow Node to exit if this is all that's left
        tid.unref()
      }
    }

    if (this.options.allowExitOnIdle) {
      client.unref()
    }

    this._idle.push(new IdleItem(client, idleListener, tid))
    this._pulseQueue()
  }

  query(text, values, cb) {
    // guard clause against passing a function as the first parameter
    if (typeof text === 'function') {
      const response = promisify(this.Promise, text)
      setImmediate(function () {
        return response.callback(new Error('Passing a function as the first parameter to pool.query is not supported'))
      })
      return response.result
    }

    // allow plain text query without values, but callback
    if (typeof values === 'function') {
      cb = values
      values = undefined
    }
    const response = promisify(this.Promise, cb)
    cb = response.callback

    this.connect((err, client) => {
      if (err) {
        return cb(err)
      }

      let clientReleased = false
      const onError = (err) => {
        if (clientReleased) {
          return
        }
        clientReleased = true
        client.release(err)
        cb(err)
      }

      client.once('error', onError)
      this.log('dispatching query')
      try {
        client.query(text, values, (err, res) => {
          this.log('query dispatched')
          client.removeListener('error', onError)
          if (clientReleased) {
            return
          }
          clientReleased = true
          client.release(err)
          if (err) {
            return cb(err)
          }
          return cb(undefined, res)
        })
      } catch (err) {
        client.release(err)
        return cb(err)
      }
    })
    return response.result
  }

  end(cb) {
    this.log('ending')
    if (this.ending) {
      const err = new Error('Called end on pool more than once')
      return cb ? cb(err) : this.Promise.reject(err)
    }
    this.ending = true
    const promised = promisify(this.Promise, cb)
    this._endCallback = promised.callback
    this._pulseQueue()
    return promised.result
  }

  get waitingCount() {
    return this._pendingQueue.length
  }

  get idleCount() {
    return this._idle.length
  }

  get expiredCount() {
    return this._clients.reduce((acc, client) => acc + (this._expired.has(client) ? 1 : 0), 0)
  }

  get totalCount() {
    return this._clients.length
  }
}
module.exports = Pool


/***/ }),

/***/ 9971:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.BufferReader = void 0;
class BufferReader {
    constructor(offset = 0) {
        this.offset = offset;
        this.buffer = Buffer.allocUnsafe(0);
        // TODO(bmc): support non-utf8 encoding?
        this.encoding = 'utf-8';
    }
    setBuffer(offset, buffer) {
        this.offset = offset;
        this.buffer = buffer;
    }
    int16() {
        const result = this.buffer.readInt16BE(this.offset);
        this.offset += 2;
        return result;
    }
    byte() {
        const result = this.buffer[this.offset];
        this.offset++;
        return result;
    }
    int32() {
        const result = this.buffer.readInt32BE(this.offset);
        this.offset += 4;
        return result;
    }
    uint32() {
        const result = this.buffer.readUInt32BE(this.offset);
        this.offset += 4;
        return result;
    }
    string(length) {
        const result = this.buffer.toString(this.encoding, this.offset, this.offset + length);
        this.offset += length;
        return result;
    }
    cstring() {
        const start = this.offset;
        let end = start;
        // eslint-disable-next-line no-empty
        while (this.buffer[end++]) { }
        this.offset = end;
        return this.buffer.toString(this.encoding, start, end - 1);
    }
    bytes(length) {
        const result = this.buffer.slice(this.offset, this.offset + length);
        this.offset += length;
        return result;
    }
}
exports.BufferReader = BufferReader;
//# sourceMappingURL=buffer-reader.js.map

/***/ }),

/***/ 9315:
/***/ ((__unused_webpack_module, exports) => {


//binary data writer tuned for encoding binary specific to the postgres binary protocol
Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.Writer = void 0;
class Writer {
    constructor(size = 256) {
        this.size = size;
        this.offset = 5;
        this.headerPosition = 0;
        this.buffer = Buffer.allocUnsafe(size);
    }
    ensure(size) {
        const remaining = this.buffer.length - this.offset;
        if (remaining < size) {
            const oldBuffer = this.buffer;
            // exponential growth factor of around ~ 1.5
            // https://stackoverflow.com/questions/2269063/buffer-growth-strategy
            const newSize = oldBuffer.length + (oldBuffer.length >> 1) + size;
            this.buffer = Buffer.allocUnsafe(newSize);
            oldBuffer.copy(this.buffer, 0, 0, this.offset);
        }
    }
    addInt32(num) {
        this.ensure(4);
        this.buffer[this.offset++] = (num >>> 24) & 0xff;
        this.buffer[this.offset++] = (num >>> 16) & 0xff;
        this.buffer[this.offset++] = (num >>> 8) & 0xff;
        this.buffer[this.offset++] = (num >>> 0) & 0xff;
        return this;
    }
    addInt16(num) {
        this.ensure(2);
        this.buffer[this.offset++] = (num >>> 8) & 0xff;
        this.buffer[this.offset++] = (num >>> 0) & 0xff;
        return this;
    }
    addCString(string) {
        if (!string) {
            this.ensure(1);
        }
        else {
            const len = Buffer.byteLength(string);
            this.ensure(len + 1); // +1 for null terminator
            this.buffer.write(string, this.offset, 'utf-8');
            this.offset += len;
        }
        this.buffer[this.offset++] = 0; // null terminator
        return this;
    }
    addString(string = '') {
        const len = Buffer.byteLength(string);
        this.ensure(len);
        this.buffer.write(string, this.offset);
        this.offset += len;
        return this;
    }
    // Write an Int32 byte-length prefix immediately followed by the string's UTF-8
    // bytes. Postgres' Bind wire format prefixes every parameter with its length,
    // and doing it in one method computes Buffer.byteLength ONCE — the previous
    // `addInt32(Buffer.byteLength(s)).addString(s)` pairing scanned the string
    // three times (byteLength for the prefix, byteLength again inside addString,
    // then the encode), which is costly for large text parameters.
    addInt32PrefixedString(string) {
        const len = Buffer.byteLength(string);
        this.ensure(4 + len);
        const buffer = this.buffer;
        let offset = this.offset;
        buffer[offset++] = (len >>> 24) & 0xff;
        buffer[offset++] = (len >>> 16) & 0xff;
        buffer[offset++] = (len >>> 8) & 0xff;
        buffer[offset++] = (len >>> 0) & 0xff;
        buffer.write(string, offset, 'utf-8');
        this.offset = offset + len;
        return this;
    }
    add(otherBuffer) {
        this.ensure(otherBuffer.length);
        otherBuffer.copy(this.buffer, this.offset);
        this.offset += otherBuffer.length;
        return this;
    }
    /**
     * Appends an uninitialized block of {@link size} bytes to the buffer and returns its offset.
     */
    reserveUnsafe(size) {
        const offset = this.offset;
        this.ensure(size);
        this.offset += size;
        return offset;
    }
    join(code) {
        if (code) {
            this.buffer[this.headerPosition] = code;
            //length is everything in this packet minus the code
            const length = this.offset - (this.headerPosition + 1);
            this.buffer.writeInt32BE(length, this.headerPosition + 1);
        }
        return this.buffer.slice(code ? 0 : 5, this.offset);
    }
    flush(code) {
        const result = this.join(code);
        this.offset = 5;
        this.headerPosition = 0;
        this.buffer = Buffer.allocUnsafe(this.size);
        return result;
    }
    clear() {
        this.offset = 5;
        this.headerPosition = 0;
    }
}
exports.Writer = Writer;
//# sourceMappingURL=buffer-writer.js.map

/***/ }),

/***/ 4233:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.DatabaseError = exports.serialize = void 0;
exports.parse = parse;
const messages_1 = __webpack_require__(5809);
Object.defineProperty(exports, "DatabaseError", ({ enumerable: true, get: function () { return messages_1.DatabaseError; } }));
const serializer_1 = __webpack_require__(6513);
Object.defineProperty(exports, "serialize", ({ enumerable: true, get: function () { return serializer_1.serialize; } }));
const parser_1 = __webpack_require__(3318);
function parse(stream, callback) {
    const parser = new parser_1.Parser();
    stream.on('data', (buffer) => parser.parse(buffer, callback));
    return new Promise((resolve) => stream.on('end', () => resolve()));
}
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 5809:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.NoticeMessage = exports.DataRowMessage = exports.CommandCompleteMessage = exports.ReadyForQueryMessage = exports.NotificationResponseMessage = exports.BackendKeyDataMessage = exports.AuthenticationMD5Password = exports.ParameterStatusMessage = exports.ParameterDescriptionMessage = exports.RowDescriptionMessage = exports.Field = exports.CopyResponse = exports.CopyDataMessage = exports.DatabaseError = exports.copyDone = exports.emptyQuery = exports.replicationStart = exports.portalSuspended = exports.noData = exports.closeComplete = exports.bindComplete = exports.parseComplete = void 0;
exports.parseComplete = {
    name: 'parseComplete',
    length: 5,
};
exports.bindComplete = {
    name: 'bindComplete',
    length: 5,
};
exports.closeComplete = {
    name: 'closeComplete',
    length: 5,
};
exports.noData = {
    name: 'noData',
    length: 5,
};
exports.portalSuspended = {
    name: 'portalSuspended',
    length: 5,
};
exports.replicationStart = {
    name: 'replicationStart',
    length: 4,
};
exports.emptyQuery = {
    name: 'emptyQuery',
    length: 4,
};
exports.copyDone = {
    name: 'copyDone',
    length: 4,
};
class DatabaseError extends Error {
    constructor(message, length, name) {
        super(message);
        this.length = length;
        this.name = name;
    }
}
exports.DatabaseError = DatabaseError;
class CopyDataMessage {
    constructor(length, chunk) {
        this.length = length;
        this.chunk = chunk;
        this.name = 'copyData';
    }
}
exports.CopyDataMessage = CopyDataMessage;
class CopyResponse {
    constructor(length, name, binary, columnCount) {
        this.length = length;
        this.name = name;
        this.binary = binary;
        this.columnTypes = new Array(columnCount);
    }
}
exports.CopyResponse = CopyResponse;
class Field {
    constructor(name, tableID, columnID, dataTypeID, dataTypeSize, dataTypeModifier, format) {
        this.name = name;
        this.tableID = tableID;
        this.columnID = columnID;
        this.dataTypeID = dataTypeID;
        this.dataTypeSize = dataTypeSize;
        this.dataTypeModifier = dataTypeModifier;
        this.format = format;
    }
}
exports.Field = Field;
class RowDescriptionMessage {
    constructor(length, fieldCount) {
        this.length = length;
        this.fieldCount = fieldCount;
        this.name = 'rowDescription';
        this.fields = new Array(this.fieldCount);
    }
}
exports.RowDescriptionMessage = RowDescriptionMessage;
class ParameterDescriptionMessage {
    constructor(length, parameterCount) {
        this.length = length;
        this.parameterCount = parameterCount;
        this.name = 'parameterDescription';
        this.dataTypeIDs = new Array(this.parameterCount);
    }
}
exports.ParameterDescriptionMessage = ParameterDescriptionMessage;
class ParameterStatusMessage {
    constructor(length, parameterName, parameterValue) {
        this.length = length;
        this.parameterName = parameterName;
        this.parameterValue = parameterValue;
        this.name = 'parameterStatus';
    }
}
exports.ParameterStatusMessage = ParameterStatusMessage;
class AuthenticationMD5Password {
    constructor(length, salt) {
        this.length = length;
        this.salt = salt;
        this.name = 'authenticationMD5Password';
    }
}
exports.AuthenticationMD5Password = AuthenticationMD5Password;
class BackendKeyDataMessage {
    constructor(length, processID, secretKey) {
        this.length = length;
        this.processID = processID;
        this.secretKey = secretKey;
        this.name = 'backendKeyData';
    }
}
exports.BackendKeyDataMessage = BackendKeyDataMessage;
class NotificationResponseMessage {
    constructor(length, processId, channel, payload) {
        this.length = length;
        this.processId = processId;
        this.channel = channel;
        this.payload = payload;
        this.name = 'notification';
    }
}
exports.NotificationResponseMessage = NotificationResponseMessage;
class ReadyForQueryMessage {
    constructor(length, status) {
        this.length = length;
        this.status = status;
        this.name = 'readyForQuery';
    }
}
exports.ReadyForQueryMessage = ReadyForQueryMessage;
class CommandCompleteMessage {
    constructor(length, text) {
        this.length = length;
        this.text = text;
        this.name = 'commandComplete';
    }
}
exports.CommandCompleteMessage = CommandCompleteMessage;
class DataRowMessage {
    constructor(length, fields) {
        this.length = length;
        this.fields = fields;
        this.name = 'dataRow';
        this.fieldCount = fields.length;
    }
}
exports.DataRowMessage = DataRowMessage;
class NoticeMessage {
    constructor(length, message) {
        this.length = length;
        this.message = message;
        this.name = 'notice';
    }
}
exports.NoticeMessage = NoticeMessage;
//# sourceMappingURL=messages.js.map

/***/ }),

/***/ 3318:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.Parser = void 0;
const messages_1 = __webpack_require__(5809);
const buffer_reader_1 = __webpack_require__(9971);
// every message is prefixed with a single byte
const CODE_LENGTH = 1;
// every message has an int32 length which includes itself but does
// NOT include the code in the length
const LEN_LENGTH = 4;
const HEADER_LENGTH = CODE_LENGTH + LEN_LENGTH;
// A placeholder for a `BackendMessage`’s length value that will be set after construction.
const LATEINIT_LENGTH = -1;
const emptyBuffer = Buffer.allocUnsafe(0);
class Parser {
    constructor(opts) {
        this.buffer = emptyBuffer;
        this.bufferLength = 0;
        this.bufferOffset = 0;
        this.reader = new buffer_reader_1.BufferReader();
        if ((opts === null || opts === void 0 ? void 0 : opts.mode) === 'binary') {
            throw new Error('Binary mode not supported yet');
        }
        this.mode = (opts === null || opts === void 0 ? void 0 : opts.mode) || 'text';
    }
    parse(buffer, callback) {
        this.mergeBuffer(buffer);
        const bufferFullLength = this.bufferOffset + this.bufferLength;
        let offset = this.bufferOffset;
        while (offset + HEADER_LENGTH <= bufferFullLength) {
            // code is 1 byte long - it identifies the message type
            const code = this.buffer[offset];
            // length is 1 Uint32BE - it is the length of the message EXCLUDING the code
            const length = this.buffer.readUInt32BE(offset + CODE_LENGTH);
            const fullMessageLength = CODE_LENGTH + length;
            if (fullMessageLength + offset <= bufferFullLength) {
                const message = this.handlePacket(offset + HEADER_LENGTH, code, length, this.buffer);
                callback(message);
                offset += fullMessageLength;
            }
            else {
                break;
            }
        }
        if (offset === bufferFullLength) {
            // No more use for the buffer
            this.buffer = emptyBuffer;
            this.bufferLength = 0;
            this.bufferOffset = 0;
        }
        else {
            // Adjust the cursors of remainingBuffer
            this.bufferLength = bufferFullLength - offset;
            this.bufferOffset = offset;
        }
    }
    mergeBuffer(buffer) {
        if (this.bufferLength > 0) {
            const newLength = this.bufferLength + buffer.byteLength;
            const newFullLength = newLength + this.bufferOffset;
            if (newFullLength > this.buffer.byteLength) {
                // We can't concat the new buffer with the remaining one
                let newBuffer;
                if (newLength <= this.buffer.byteLength && this.bufferOffset >= this.bufferLength) {
                    // We can move the relevant part to the beginning of the buffer instead of allocating a new buffer
                    newBuffer = this.buffer;
                }
                else {
                    // Allocate a new larger buffer
                    let newBufferLength = this.buffer.byteLength * 2;
                    while (newLength >= newBufferLength) {
                        newBufferLength *= 2;
                    }
                    newBuffer = Buffer.allocUnsafe(newBufferLength);
                }
                // Move the remaining buffer to the new one
                this.buffer.copy(newBuffer, 0, this.bufferOffset, this.bufferOffset + this.bufferLength);
                this.buffer = newBuffer;
                this.bufferOffset = 0;
            }
            // Concat the new buffer with the remaining one
            buffer.copy(this.buffer, this.bufferOffset + this.bufferLength);
            this.bufferLength = newLength;
        }
        else {
            this.buffer = buffer;
            this.bufferOffset = 0;
            this.bufferLength = buffer.byteLength;
        }
    }
    handlePacket(offset, code, length, bytes) {
        const { reader } = this;
        // NOTE: This undesirably retains the buffer in `this.reader` if the `parse*Message` calls below throw. However, those should only throw in the case of a protocol error, which normally results in the reader being discarded.
        reader.setBuffer(offset, bytes);
        let message;
        switch (code) {
            case 50 /* MessageCodes.BindComplete */:
                message = messages_1.bindComplete;
                break;
            case 49 /* MessageCodes.ParseComplete */:
                message = messages_1.parseComplete;
                break;
            case 51 /* MessageCodes.CloseComplete */:
                message = messages_1.closeComplete;
                break;
            case 110 /* MessageCodes.NoData */:
                message = messages_1.noData;
                break;
            case 115 /* MessageCodes.PortalSuspended */:
                message = messages_1.portalSuspended;
                break;
            case 99 /* MessageCodes.CopyDone */:
                message = messages_1.copyDone;
                break;
            case 87 /* MessageCodes.ReplicationStart */:
                message = messages_1.replicationStart;
                break;
            case 73 /* MessageCodes.EmptyQuery */:
                message = messages_1.emptyQuery;
                break;
            case 68 /* MessageCodes.DataRow */:
                message = parseDataRowMessage(reader);
                break;
            case 67 /* MessageCodes.CommandComplete */:
                message = parseCommandCompleteMessage(reader);
                break;
            case 90 /* MessageCodes.ReadyForQuery */:
                message = parseReadyForQueryMessage(reader);
                break;
            case 65 /* MessageCodes.NotificationResponse */:
                message = parseNotificationMessage(reader);
                break;
            case 82 /* MessageCodes.AuthenticationResponse */:
                message = parseAuthenticationResponse(reader, length);
                break;
            case 83 /* MessageCodes.ParameterStatus */:
                message = parseParameterStatusMessage(reader);
                break;
            case 75 /* MessageCodes.BackendKeyData */:
                message = parseBackendKeyData(reader);
                break;
            case 69 /* MessageCodes.ErrorMessage */:
                message = parseErrorMessage(reader, 'error');
                break;
            case 78 /* MessageCodes.NoticeMessage */:
                message = parseErrorMessage(reader, 'notice');
                break;
            case 84 /* MessageCodes.RowDescriptionMessage */:
                message = parseRowDescriptionMessage(reader);
                break;
            case 116 /* MessageCodes.ParameterDescriptionMessage */:
                message = parseParameterDescriptionMessage(reader);
                break;
            case 71 /* MessageCodes.CopyIn */:
                message = parseCopyInMessage(reader);
                break;
            case 72 /* MessageCodes.CopyOut */:
                message = parseCopyOutMessage(reader);
                break;
            case 100 /* MessageCodes.CopyData */:
                message = parseCopyData(reader, length);
                break;
            default:
                return new messages_1.DatabaseError('received invalid response: ' + code.toString(16), length, 'error');
        }
        reader.setBuffer(0, emptyBuffer);
        message.length = length;
        return message;
    }
}
exports.Parser = Parser;
const parseReadyForQueryMessage = (reader) => {
    const status = reader.string(1);
    return new messages_1.ReadyForQueryMessage(LATEINIT_LENGTH, status);
};
const parseCommandCompleteMessage = (reader) => {
    const text = reader.cstring();
    return new messages_1.CommandCompleteMessage(LATEINIT_LENGTH, text);
};
const parseCopyData = (reader, length) => {
    const chunk = reader.bytes(length - 4);
    return new messages_1.CopyDataMessage(LATEINIT_LENGTH, chunk);
};
const parseCopyInMessage = (reader) => parseCopyMessage(reader, 'copyInResponse');
const parseCopyOutMessage = (reader) => parseCopyMessage(reader, 'copyOutResponse');
const parseCopyMessage = (reader, messageName) => {
    const isBinary = reader.byte() !== 0;
    const columnCount = reader.int16();
    const message = new messages_1.CopyResponse(LATEINIT_LENGTH, messageName, isBinary, columnCount);
    for (let i = 0; i < columnCount; i++) {
        message.columnTypes[i] = reader.int16();
    }
    return message;
};
const parseNotificationMessage = (reader) => {
    const processId = reader.int32();
    const channel = reader.cstring();
    const payload = reader.cstring();
    return new messages_1.NotificationResponseMessage(LATEINIT_LENGTH, processId, channel, payload);
};
const parseRowDescriptionMessage = (reader) => {
    const fieldCount = reader.int16();
    const message = new messages_1.RowDescriptionMessage(LATEINIT_LENGTH, fieldCount);
    for (let i = 0; i < fieldCount; i++) {
        message.fields[i] = parseField(reader);
    }
    return message;
};
const parseField = (reader) => {
    const name = reader.cstring();
    const tableID = reader.uint32();
    const columnID = reader.int16();
    const dataTypeID = reader.uint32();
    const dataTypeSize = reader.int16();
    const dataTypeModifier = reader.int32();
    const mode = reader.int16() === 0 ? 'text' : 'binary';
    return new messages_1.Field(name, tableID, columnID, dataTypeID, dataTypeSize, dataTypeModifier, mode);
};
const parseParameterDescriptionMessage = (reader) => {
    const parameterCount = reader.int16();
    const message = new messages_1.ParameterDescriptionMessage(LATEINIT_LENGTH, parameterCount);
    for (let i = 0; i < parameterCount; i++) {
        // OIDs are unsigned, same as dataTypeID in parseField above
        message.dataTypeIDs[i] = reader.uint32();
    }
    return message;
};
const parseDataRowMessage = (reader) => {
    const fieldCount = reader.int16();
    const fields = new Array(fieldCount);
    for (let i = 0; i < fieldCount; i++) {
        const len = reader.int32();
        // a -1 for length means the value of the field is null
        fields[i] = len === -1 ? null : reader.string(len);
    }
    return new messages_1.DataRowMessage(LATEINIT_LENGTH, fields);
};
const parseParameterStatusMessage = (reader) => {
    const name = reader.cstring();
    const value = reader.cstring();
    return new messages_1.ParameterStatusMessage(LATEINIT_LENGTH, name, value);
};
const parseBackendKeyData = (reader) => {
    const processID = reader.int32();
    const secretKey = reader.int32();
    return new messages_1.BackendKeyDataMessage(LATEINIT_LENGTH, processID, secretKey);
};
const parseAuthenticationResponse = (reader, length) => {
    const code = reader.int32();
    // TODO(bmc): maybe better types here
    const message = {
        name: 'authenticationOk',
        length,
    };
    switch (code) {
        case 0: // AuthenticationOk
            break;
        case 3: // AuthenticationCleartextPassword
            if (message.length === 8) {
                message.name = 'authenticationCleartextPassword';
            }
            break;
        case 5: // AuthenticationMD5Password
            if (message.length === 12) {
                message.name = 'authenticationMD5Password';
                const salt = reader.bytes(4);
                return new messages_1.AuthenticationMD5Password(LATEINIT_LENGTH, salt);
            }
            break;
        case 10: // AuthenticationSASL
            {
                message.name = 'authenticationSASL';
                message.mechanisms = [];
                let mechanism;
                do {
                    mechanism = reader.cstring();
                    if (mechanism) {
                        message.mechanisms.push(mechanism);
                    }
                } while (mechanism);
            }
            break;
        case 11: // AuthenticationSASLContinue
            message.name = 'authenticationSASLContinue';
            message.data = reader.string(length - 8);
            break;
        case 12: // AuthenticationSASLFinal
            message.name = 'authenticationSASLFinal';
            message.data = reader.string(length - 8);
            break;
        default:
            throw new Error('Unknown authenticationOk message type ' + code);
    }
    return message;
};
const parseErrorMessage = (reader, name) => {
    const fields = {};
    let fieldType = reader.string(1);
    while (fieldType !== '\0') {
        fields[fieldType] = reader.cstring();
        fieldType = reader.string(1);
    }
    const messageValue = fields.M;
    const message = name === 'notice'
        ? new messages_1.NoticeMessage(LATEINIT_LENGTH, messageValue)
        : new messages_1.DatabaseError(messageValue, LATEINIT_LENGTH, name);
    message.severity = fields.S;
    message.code = fields.C;
    message.detail = fields.D;
    message.hint = fields.H;
    message.position = fields.P;
    message.internalPosition = fields.p;
    message.internalQuery = fields.q;
    message.where = fields.W;
    message.schema = fields.s;
    message.table = fields.t;
    message.column = fields.c;
    message.dataType = fields.d;
    message.constraint = fields.n;
    message.file = fields.F;
    message.line = fields.L;
    message.routine = fields.R;
    return message;
};
//# sourceMappingURL=parser.js.map

/***/ }),

/***/ 6513:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.serialize = void 0;
const buffer_writer_1 = __webpack_require__(9315);
const writer = new buffer_writer_1.Writer();
const startup = (opts) => {
    // protocol version
    writer.addInt16(3).addInt16(0);
    for (const key of Object.keys(opts)) {
        writer.addCString(key).addCString(opts[key]);
    }
    writer.addCString('client_encoding').addCString('UTF8');
    const bodyBuffer = writer.addCString('').flush();
    // this message is sent without a code
    const length = bodyBuffer.length + 4;
    return new buffer_writer_1.Writer().addInt32(length).add(bodyBuffer).flush();
};
const requestSsl = () => {
    const response = Buffer.allocUnsafe(8);
    response.writeInt32BE(8, 0);
    response.writeInt32BE(80877103, 4);
    return response;
};
const password = (password) => {
    return writer.addCString(password).flush(112 /* code.startup */);
};
const sendSASLInitialResponseMessage = function (mechanism, initialResponse) {
    // 0x70 = 'p'
    writer.addCString(mechanism).addInt32PrefixedString(initialResponse);
    return writer.flush(112 /* code.startup */);
};
const sendSCRAMClientFinalMessage = function (additionalData) {
    return writer.addString(additionalData).flush(112 /* code.startup */);
};
const query = (text) => {
    return writer.addCString(text).flush(81 /* code.query */);
};
const emptyArray = [];
const parse = (query) => {
    // expect something like this:
    // { name: 'queryName',
    //   text: 'select * from blah',
    //   types: ['int8', 'bool'] }
    // normalize missing query names to allow for null
    const name = query.name || '';
    if (name.length > 63) {
        console.error('Warning! Postgres only supports 63 characters for query names.');
        console.error('You supplied %s (%s)', name, name.length);
        console.error('This can cause conflicts and silent errors executing queries');
    }
    const types = query.types || emptyArray;
    const len = types.length;
    const buffer = writer
        .addCString(name) // name of query
        .addCString(query.text) // actual query text
        .addInt16(len);
    for (let i = 0; i < len; i++) {
        buffer.addInt32(types[i]);
    }
    return writer.flush(80 /* code.parse */);
};
const writeValues = function (values, valueMapper, formatsOffset) {
    const len = values.length;
    for (let i = 0; i < len; i++) {
        const mappedVal = valueMapper ? valueMapper(values[i], i) : values[i];
        let formatByte = 0 /* ParamType.STRING */;
        if (mappedVal == null) {
            // write -1 to indicate null
            writer.addInt32(-1);
        }
        else if (mappedVal instanceof Buffer) {
            formatByte = 1 /* ParamType.BINARY */;
            // add the buffer to the param writer
            writer.addInt32(mappedVal.length);
            writer.add(mappedVal);
        }
        else {
            // length prefix + UTF-8 bytes in one pass (Buffer.byteLength computed once)
            writer.addInt32PrefixedString(mappedVal);
        }
        // beware: `writer` operations can replace `writer.buffer` with a new buffer
        const buf = writer.buffer;
        buf[formatsOffset++] = 0;
        buf[formatsOffset++] = formatByte;
    }
};
const bind = (config = {}) => {
    // normalize config
    const portal = config.portal || '';
    const statement = config.statement || '';
    const binary = config.binary || false;
    const values = config.values || emptyArray;
    const len = values.length;
    writer.addCString(portal).addCString(statement);
    // number of parameter format codes
    writer.addInt16(len);
    // space for those codes, filled by `writeValues`
    const formatsOffset = writer.reserveUnsafe(len * 2);
    // number of parameter values
    writer.addInt16(len);
    try {
        writeValues(values, config.valueMapper, formatsOffset);
    }
    catch (err) {
        writer.clear();
        throw err;
    }
    // all results use the same format code
    writer.addInt16(1);
    // format code
    writer.addInt16(binary ? 1 /* ParamType.BINARY */ : 0 /* ParamType.STRING */);
    return writer.flush(66 /* code.bind */);
};
const emptyExecute = Buffer.from([69 /* code.execute */, 0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x00, 0x00]);
const execute = (config) => {
    // this is the happy path for most queries
    if (!config || (!config.portal && !config.rows)) {
        return emptyExecute;
    }
    const portal = config.portal || '';
    const rows = config.rows || 0;
    const portalLength = Buffer.byteLength(portal);
    const len = 4 + portalLength + 1 + 4;
    // one extra bit for code
    const buff = Buffer.allocUnsafe(1 + len);
    buff[0] = 69 /* code.execute */;
    buff.writeInt32BE(len, 1);
    buff.write(portal, 5, 'utf-8');
    buff[portalLength + 5] = 0; // null terminate portal cString
    buff.writeUInt32BE(rows, buff.length - 4);
    return buff;
};
const cancel = (processID, secretKey) => {
    const buffer = Buffer.allocUnsafe(16);
    buffer.writeInt32BE(16, 0);
    buffer.writeInt16BE(1234, 4);
    buffer.writeInt16BE(5678, 6);
    buffer.writeInt32BE(processID, 8);
    buffer.writeInt32BE(secretKey, 12);
    return buffer;
};
const cstringMessage = (code, string) => {
    const stringLen = Buffer.byteLength(string);
    const len = 4 + stringLen + 1;
    // one extra bit for code
    const buffer = Buffer.allocUnsafe(1 + len);
    buffer[0] = code;
    buffer.writeInt32BE(len, 1);
    buffer.write(string, 5, 'utf-8');
    buffer[len] = 0; // null terminate cString
    return buffer;
};
const emptyDescribePortal = writer.addCString('P').flush(68 /* code.describe */);
const emptyDescribeStatement = writer.addCString('S').flush(68 /* code.describe */);
const describe = (msg) => {
    return msg.name
        ? cstringMessage(68 /* code.describe */, `${msg.type}${msg.name || ''}`)
        : msg.type === 'P'
            ? emptyDescribePortal
            : emptyDescribeStatement;
};
const close = (msg) => {
    const text = `${msg.type}${msg.name || ''}`;
    return cstringMessage(67 /* code.close */, text);
};
const copyData = (chunk) => {
    return writer.add(chunk).flush(100 /* code.copyFromChunk */);
};
const copyFail = (message) => {
    return cstringMessage(102 /* code.copyFail */, message);
};
const codeOnlyBuffer = (code) => Buffer.from([code, 0x00, 0x00, 0x00, 0x04]);
const flushBuffer = codeOnlyBuffer(72 /* code.flush */);
const syncBuffer = codeOnlyBuffer(83 /* code.sync */);
const endBuffer = codeOnlyBuffer(88 /* code.end */);
const copyDoneBuffer = codeOnlyBuffer(99 /* code.copyDone */);
const serialize = {
    startup,
    password,
    requestSsl,
    sendSASLInitialResponseMessage,
    sendSCRAMClientFinalMessage,
    query,
    parse,
    bind,
    execute,
    describe,
    close,
    flush: () => flushBuffer,
    sync: () => syncBuffer,
    end: () => endBuffer,
    copyData,
    copyDone: () => copyDoneBuffer,
    copyFail,
    cancel,
};
exports.serialize = serialize;
//# sourceMappingURL=serializer.js.map

/***/ }),

/***/ 1549:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {

var textParsers = __webpack_require__(4784);
var binaryParsers = __webpack_require__(7522);
var arrayParser = __webpack_require__(6471);
var builtinTypes = __webpack_require__(6345);

exports.getTypeParser = getTypeParser;
exports.setTypeParser = setTypeParser;
exports.arrayParser = arrayParser;
exports.builtins = builtinTypes;

var typeParsers = {
  text: {},
  binary: {}
};

//the empty parse function
function noParse (val) {
  return String(val);
};

//returns a function used to convert a specific type (specified by
//oid) into a result javascript type
//note: the oid can be obtained via the following sql query:
//SELECT oid FROM pg_type WHERE typname = 'TYPE_NAME_HERE';
function getTypeParser (oid, format) {
  format = format || 'text';
  if (!typeParsers[format]) {
    return noParse;
  }
  return typeParsers[format][oid] || noParse;
};

function setTypeParser (oid, format, parseFn) {
  if(typeof format == 'function') {
    parseFn = format;
    format = 'text';
  }
  typeParsers[format][oid] = parseFn;
};

textParsers.init(function(oid, converter) {
  typeParsers.text[oid] = converter;
});

binaryParsers.init(function(oid, converter) {
  typeParsers.binary[oid] = converter;
});


/***/ }),

/***/ 6471:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

var array = __webpack_require__(3879);

module.exports = {
  create: function (source, transform) {
    return {
      parse: function() {
        return array.parse(source, transform);
      }
    };
  }
};


/***/ }),

/***/ 7522:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

var parseInt64 = __webpack_require__(2299);

var parseBits = function(data, bits, offset, invert, callback) {
  offset = offset || 0;
  invert = invert || false;
  callback = callback || function(lastValue, newValue, bits) { return (lastValue * Math.pow(2, bits)) + newValue; };
  var offsetBytes = offset >> 3;

  var inv = function(value) {
    if (invert) {
      return ~value & 0xff;
    }

    return value;
  };

  // read first (maybe partial) byte
  var mask = 0xff;
  var firstBits = 8 - (offset % 8);
  if (bits < firstBits) {
    mask = (0xff << (8 - bits)) & 0xff;
    firstBits = bits;
  }

  if (offset) {
    mask = mask >> (offset % 8);
  }

  var result = 0;
  if ((offset % 8) + bits >= 8) {
    result = callback(0, inv(data[offsetBytes]) & mask, firstBits);
  }

  // read bytes
  var bytes = (bits + offset) >> 3;
  for (var i = offsetBytes + 1; i < bytes; i++) {
    result = callback(result, inv(data[i]), 8);
  }

  // bits to read, that are not a complete byte
  var lastBits = (bits + offset) % 8;
  if (lastBits > 0) {
    result = callback(result, inv(data[bytes]) >> (8 - lastBits), lastBits);
  }

  return result;
};

var parseFloatFromBits = function(data, precisionBits, exponentBits) {
  var bias = Math.pow(2, exponentBits - 1) - 1;
  var sign = parseBits(data, 1);
  var exponent = parseBits(data, exponentBits, 1);

  if (exponent === 0) {
    return 0;
  }

  // parse mantissa
  var precisionBitsCounter = 1;
  var parsePrecisionBits = function(lastValue, newValue, bits) {
    if (lastValue === 0) {
      lastValue = 1;
    }

    for (var i = 1; i <= bits; i++) {
      precisionBitsCounter /= 2;
      if ((newValue & (0x1 << (bits - i))) > 0) {
        lastValue += precisionBitsCounter;
      }
    }

    return lastValue;
  };

  var mantissa = parseBits(data, precisionBits, exponentBits + 1, false, parsePrecisionBits);

  // special cases
  if (exponent == (Math.pow(2, exponentBits + 1) - 1)) {
    if (mantissa === 0) {
      return (sign === 0) ? Infinity : -Infinity;
    }

    return NaN;
  }

  // normale number
  return ((sign === 0) ? 1 : -1) * Math.pow(2, exponent - bias) * mantissa;
};

var parseInt16 = function(value) {
  if (parseBits(value, 1) == 1) {
    return -1 * (parseBits(value, 15, 1, true) + 1);
  }

  return parseBits(value, 15, 1);
};

var parseInt32 = function(value) {
  if (parseBits(value, 1) == 1) {
    return -1 * (parseBits(value, 31, 1, true) + 1);
  }

  return parseBits(value, 31, 1);
};

var parseFloat32 = function(value) {
  return parseFloatFromBits(value, 23, 8);
};

var parseFloat64 = function(value) {
  return parseFloatFromBits(value, 52, 11);
};

var parseNumeric = function(value) {
  var sign = parseBits(value, 16, 32);
  if (sign == 0xc000) {
    return NaN;
  }

  var weight = Math.pow(10000, parseBits(value, 16, 16));
  var result = 0;

  var digits = [];
  var ndigits = parseBits(value, 16);
  for (var i = 0; i < ndigits; i++) {
    result += parseBits(value, 16, 64 + (16 * i)) * weight;
    weight /= 10000;
  }

  var scale = Math.pow(10, parseBits(value, 16, 48));
  return ((sign === 0) ? 1 : -1) * Math.round(result * scale) / scale;
};

var parseDate = function(isUTC, value) {
  var sign = parseBits(value, 1);
  var rawValue = parseBits(value, 63, 1);

  // discard usecs and shift from 2000 to 1970
  var result = new Date((((sign === 0) ? 1 : -1) * rawValue / 1000) + 946684800000);

  if (!isUTC) {
    result.setTime(result.getTime() + result.getTimezoneOffset() * 60000);
  }

  // add microseconds to the date
  result.usec = rawValue % 1000;
  result.getMicroSeconds = function() {
    return this.usec;
  };
  result.setMicroSeconds = function(value) {
    this.usec = value;
  };
  result.getUTCMicroSeconds = function() {
    return this.usec;
  };

  return result;
};

var parseArray = function(value) {
  var dim = parseBits(value, 32);

  var flags = parseBits(value, 32, 32);
  var elementType = parseBits(value, 32, 64);

  var offset = 96;
  var dims = [];
  for (var i = 0; i < dim; i++) {
    // parse dimension
    dims[i] = parseBits(value, 32, offset);
    offset += 32;

    // ignore lower bounds
    offset += 32;
  }

  var parseElement = function(elementType) {
    // parse content length
    var length = parseBits(value, 32, offset);
    offset += 32;

    // parse null values
    if (length == 0xffffffff) {
      return null;
    }

    var result;
    if ((elementType == 0x17) || (elementType == 0x14)) {
      // int/bigint
      result = parseBits(value, length * 8, offset);
      offset += length * 8;
      return result;
    }
    else if (elementType == 0x19) {
      // string
      result = value.toString(this.encoding, offset >> 3, (offset += (length << 3)) >> 3);
      return result;
    }
    else {
      console.log("ERROR: ElementType not implemented: " + elementType);
    }
  };

  var parse = function(dimension, elementType) {
    var array = [];
    var i;

    if (dimension.length > 1) {
      var count = dimension.shift();
      for (i = 0; i < count; i++) {
        array[i] = parse(dimension, elementType);
      }
      dimension.unshift(count);
    }
    else {
      for (i = 0; i < dimension[0]; i++) {
        array[i] = parseElement(elementType);
      }
    }

    return array;
  };

  return parse(dims, elementType);
};

var parseText = function(value) {
  return value.toString('utf8');
};

var parseBool = function(value) {
  if(value === null) return null;
  return (parseBits(value, 8) > 0);
};

var init = function(register) {
  register(20, parseInt64);
  register(21, parseInt16);
  register(23, parseInt32);
  register(26, parseInt32);
  register(1700, parseNumeric);
  register(700, parseFloat32);
  register(701, parseFloat64);
  register(16, parseBool);
  register(1114, parseDate.bind(null, false));
  register(1184, parseDate.bind(null, true));
  register(1000, parseArray);
  register(1007, parseArray);
  register(1016, parseArray);
  register(1008, parseArray);
  register(1009, parseArray);
  register(25, parseText);
};

module.exports = {
  init: init
};


/***/ }),

/***/ 6345:
/***/ ((module) => {

/**
 * Following query was used to generate this file:

 SELECT json_object_agg(UPPER(PT.typname), PT.oid::int4 ORDER BY pt.oid)
 FROM pg_type PT
 WHERE typnamespace = (SELECT pgn.oid FROM pg_namespace pgn WHERE nspname = 'pg_catalog') -- Take only builting Postgres types with stable OID (extension types are not guaranted to be stable)
 AND typtype = 'b' -- Only basic types
 AND typelem = 0 -- Ignore aliases
 AND typisdefined -- Ignore undefined types
 */

module.exports = {
    BOOL: 16,
    BYTEA: 17,
    CHAR: 18,
    INT8: 20,
    INT2: 21,
    INT4: 23,
    REGPROC: 24,
    TEXT: 25,
    OID: 26,
    TID: 27,
    XID: 28,
    CID: 29,
    JSON: 114,
    XML: 142,
    PG_NODE_TREE: 194,
    SMGR: 210,
    PATH: 602,
    POLYGON: 604,
    CIDR: 650,
    FLOAT4: 700,
    FLOAT8: 701,
    ABSTIME: 702,
    RELTIME: 703,
    TINTERVAL: 704,
    CIRCLE: 718,
    MACADDR8: 774,
    MONEY: 790,
    MACADDR: 829,
    INET: 869,
    ACLITEM: 1033,
    BPCHAR: 1042,
    VARCHAR: 1043,
    DATE: 1082,
    TIME: 1083,
    TIMESTAMP: 1114,
    TIMESTAMPTZ: 1184,
    INTERVAL: 1186,
    TIMETZ: 1266,
    BIT: 1560,
    VARBIT: 1562,
    NUMERIC: 1700,
    REFCURSOR: 1790,
    REGPROCEDURE: 2202,
    REGOPER: 2203,
    REGOPERATOR: 2204,
    REGCLASS: 2205,
    REGTYPE: 2206,
    UUID: 2950,
    TXID_SNAPSHOT: 2970,
    PG_LSN: 3220,
    PG_NDISTINCT: 3361,
    PG_DEPENDENCIES: 3402,
    TSVECTOR: 3614,
    TSQUERY: 3615,
    GTSVECTOR: 3642,
    REGCONFIG: 3734,
    REGDICTIONARY: 3769,
    JSONB: 3802,
    REGNAMESPACE: 4089,
    REGROLE: 4096
};


/***/ }),

/***/ 4784:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

var array = __webpack_require__(3879)
var arrayParser = __webpack_require__(6471);
var parseDate = __webpack_require__(2690);
var parseInterval = __webpack_require__(8755);
var parseByteA = __webpack_require__(463);

function allowNull (fn) {
  return function nullAllowed (value) {
    if (value === null) return value
    return fn(value)
  }
}

function parseBool (value) {
  if (value === null) return value
  return value === 'TRUE' ||
    value === 't' ||
    value === 'true' ||
    value === 'y' ||
    value === 'yes' ||
    value === 'on' ||
    value === '1';
}

function parseBoolArray (value) {
  if (!value) return null
  return array.parse(value, parseBool)
}

function parseBaseTenInt (string) {
  return parseInt(string, 10)
}

function parseIntegerArray (value) {
  if (!value) return null
  return array.parse(value, allowNull(parseBaseTenInt))
}

function parseBigIntegerArray (value) {
  if (!value) return null
  return array.parse(value, allowNull(function (entry) {
    return parseBigInteger(entry).trim()
  }))
}

var parsePointArray = function(value) {
  if(!value) { return null; }
  var p = arrayParser.create(value, function(entry) {
    if(entry !== null) {
      entry = parsePoint(entry);
    }
    return entry;
  });

  return p.parse();
};

var parseFloatArray = function(value) {
  if(!value) { return null; }
  var p = arrayParser.create(value, function(entry) {
    if(entry !== null) {
      entry = parseFloat(entry);
    }
    return entry;
  });

  return p.parse();
};

var parseStringArray = function(value) {
  if(!value) { return null; }

  var p = arrayParser.create(value);
  return p.parse();
};

var parseDateArray = function(value) {
  if (!value) { return null; }

  var p = arrayParser.create(value, function(entry) {
    if (entry !== null) {
      entry = parseDate(entry);
    }
    return entry;
  });

  return p.parse();
};

var parseIntervalArray = function(value) {
  if (!value) { return null; }

  var p = arrayParser.create(value, function(entry) {
    if (entry !== null) {
      entry = parseInterval(entry);
    }
    return entry;
  });

  return p.parse();
};

var parseByteAArray = function(value) {
  if (!value) { return null; }

  return array.parse(value, allowNull(parseByteA));
};

var parseInteger = function(value) {
  return parseInt(value, 10);
};

var parseBigInteger = function(value) {
  var valStr = String(value);
  if (/^\d+$/.test(valStr)) { return valStr; }
  return value;
};

var parseJsonArray = function(value) {
  if (!value) { return null; }

  return array.parse(value, allowNull(JSON.parse));
};

var parsePoint = function(value) {
  if (value[0] !== '(') { return null; }

  value = value.substring( 1, value.length - 1 ).split(',');

  return {
    x: parseFloat(value[0])
  , y: parseFloat(value[1])
  };
};

var parseCircle = function(value) {
  if (value[0] !== '<' && value[1] !== '(') { return null; }

  var point = '(';
  var radius = '';
  var pointParsed = false;
  for (var i = 2; i < value.length - 1; i++){
    if (!pointParsed) {
      point += value[i];
    }

    if (value[i] === ')') {
      pointParsed = true;
      continue;
    } else if (!pointParsed) {
      continue;
    }

    if (value[i] === ','){
      continue;
    }

    radius += value[i];
  }
  var result = parsePoint(point);
  result.radius = parseFloat(radius);

  return result;
};

var init = function(register) {
  register(20, parseBigInteger); // int8
  register(21, parseInteger); // int2
  register(23, parseInteger); // int4
  register(26, parseInteger); // oid
  register(700, parseFloat); // float4/real
  register(701, parseFloat); // float8/double
  register(16, parseBool);
  register(1082, parseDate); // date
  register(1114, parseDate); // timestamp without timezone
  register(1184, parseDate); // timestamp
  register(600, parsePoint); // point
  register(651, parseStringArray); // cidr[]
  register(718, parseCircle); // circle
  register(1000, parseBoolArray);
  register(1001, parseByteAArray);
  register(1005, parseIntegerArray); // _int2
  register(1007, parseIntegerArray); // _int4
  register(1028, parseIntegerArray); // oid[]
  register(1016, parseBigIntegerArray); // _int8
  register(1017, parsePointArray); // point[]
  register(1021, parseFloatArray); // _float4
  register(1022, parseFloatArray); // _float8
  register(1231, parseFloatArray); // _numeric
  register(1014, parseStringArray); //char
  register(1015, parseStringArray); //varchar
  register(1008, parseStringArray);
  register(1009, parseStringArray);
  register(1040, parseStringArray); // macaddr[]
  register(1041, parseStringArray); // inet[]
  register(1115, parseDateArray); // timestamp without time zone[]
  register(1182, parseDateArray); // _date
  register(1185, parseDateArray); // timestamp with time zone[]
  register(1186, parseInterval);
  register(1187, parseIntervalArray);
  register(17, parseByteA);
  register(114, JSON.parse.bind(JSON)); // json
  register(3802, JSON.parse.bind(JSON)); // jsonb
  register(199, parseJsonArray); // json[]
  register(3807, parseJsonArray); // jsonb[]
  register(3907, parseStringArray); // numrange[]
  register(2951, parseStringArray); // uuid[]
  register(791, parseStringArray); // money[]
  register(1183, parseStringArray); // time[]
  register(1270, parseStringArray); // timetz[]
};

module.exports = {
  init: init
};


/***/ }),

/***/ 5042:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

const EventEmitter = (__webpack_require__(4434).EventEmitter)
const utils = __webpack_require__(9652)
const nodeUtils = __webpack_require__(9023)
const sasl = __webpack_require__(948)
const TypeOverrides = __webpack_require__(365)

const ConnectionParameters = __webpack_require__(646)
const Query = __webpack_require__(4473)
const defaults = __webpack_require__(8995)
const Connection = __webpack_require__(9809)
const crypto = __webpack_require__(4150)

const activeQueryDeprecationNotice = nodeUtils.deprecate(
  () => {},
  'Client.activeQuery is deprecated and will be removed in pg@9.0'
)

const queryQueueDeprecationNotice = nodeUtils.deprecate(
  () => {},
  'Client.queryQueue is deprecated and will be removed in pg@9.0.'
)

const pgPassDeprecationNotice = nodeUtils.deprecate(
  () => {},
  'pgpass support is deprecated and will be removed in pg@9.0. ' +
    'You can provide an async function as the password property to the Client/Pool constructor that returns a password instead. Within this function you can call the pgpass module in your own code.'
)

const byoPromiseDeprecationNotice = nodeUtils.deprecate(
  () => {},
  'Passing a custom Promise implementation to the Client/Pool constructor is deprecated and will be removed in pg@9.0.'
)

const queryQueueLengthDeprecationNotice = nodeUtils.deprecate(
  () => {},
  'Calling client.query() when the client is already executing a query is deprecated and will be removed in pg@9.0. Use async/await or an external async flow control mechanism instead.'
)

function coerceNumberOrDefault(value, defaultValue) {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : defaultValue
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value)
    return Number.isFinite(n) ? n : defaultValue
  }
  return defaultValue
}

class Client extends EventEmitter {
  constructor(config) {
    super()

    this.connectionParameters = new ConnectionParameters(config)
    this.user = this.connectionParameters.user
    this.database = this.connectionParameters.database
    this.port = this.connectionParameters.port
    this.host = this.connectionParameters.host

    // "hiding" the password so it doesn't show up in stack traces
    // or if the client is console.logged
    Object.defineProperty(this, 'password', {
      configurable: true,
      enumerable: false,
      writable: true,
      value: this.connectionParameters.password,
    })

    this.replication = this.connectionParameters.replication

    const c = config || {}

    if (c.Promise) {
      byoPromiseDeprecationNotice()
    }
    this._Promise = c.Promise || global.Promise
    this._types = new TypeOverrides(c.types)
    this._ending = false
    this._ended = false
    this._connecting = false
    this._connected = false
    this._connectionError = false
    this._queryable = true
    this._activeQuery = null
    this._txStatus = null

    this.enableChannelBinding = Boolean(c.enableChannelBinding) // set true to use SCRAM-SHA-256-PLUS when offered
    this.scramMaxIterations = coerceNumberOrDefault(c.scramMaxIterations, sasl.DEFAULT_MAX_SCRAM_ITERATIONS)
    this.connection =
      c.connection ||
      new Connection({
        stream: c.stream,
        ssl: this.connectionParameters.ssl,
        sslNegotiation: this.connectionParameters.sslnegotiation,
        keepAlive: c.keepAlive || false,
        keepAliveInitialDelayMillis: c.keepAliveInitialDelayMillis || 0,
        encoding: this.connectionParameters.client_encoding || 'utf8',
      })
    this._queryQueue = []
    this._sentQueryQueue = []
    this.pipeline = Boolean(c.pipeline)
    this.binary = c.binary || defaults.binary
    this.processID = null
    this.secretKey = null
    this.ssl = this.connectionParameters.ssl || false
    this.sslNegotiation = this.connectionParameters.sslnegotiation || 'postgres'
    // As with Password, make SSL->Key (the private key) non-enumerable.
    // It won't show up in stack traces
    // or if the client is console.logged
    if (this.ssl && this.ssl.key) {
      Object.defineProperty(this.ssl, 'key', {
        enumerable: false,
      })
    }

    this._connectionTimeoutMillis = c.connectionTimeoutMillis || 0
  }

  get activeQuery() {
    activeQueryDeprecationNotice()
    return this._activeQuery
  }

  set activeQuery(val) {
    activeQueryDeprecationNotice()
    this._activeQuery = val
  }

  _getActiveQuery() {
    return this._activeQuery
  }

  _errorAllQueries(err) {
    const enqueueError = (query) => {
      process.nextTick(() => {
        query.handleError(err, this.connection)
      })
    }

    const activeQuery = this._getActiveQuery()
    if (activeQuery) {
      enqueueError(activeQuery)
      this._activeQuery = null
    }

    this._sentQueryQueue.forEach(enqueueError)
    this._sentQueryQueue.length = 0

    this._queryQueue.forEach(enqueueError)
    this._queryQueue.length = 0
  }

  _connect(callback) {
    const self = this
    const con = this.connection
    this._connectionCallback = callback

    if (this._connecting || this._connected) {
      const err = new Error('Client has already been connected. You cannot reuse a client.')
      process.nextTick(() => {
        callback(err)
      })
      return
    }
    this._connecting = true

    if (this._connectionTimeoutMillis > 0) {
      this.connectionTimeoutHandle = setTimeout(() => {
        con._ending = true
        con.stream.destroy(new Error('timeout expired'))
      }, this._connectionTimeoutMillis)

      if (this.connectionTimeoutHandle.unref) {
        this.connectionTimeoutHandle.unref()
      }
    }

    if (this.host && this.host.indexOf('/') === 0) {
      con.connect(this.host + '/.s.PGSQL.' + this.port)
    } else {
      con.connect(this.port, this.host)
    }

    // once connection is established send startup message
    con.on('connect', function () {
      if (self.ssl) {
        // With direct SSL negotiation the connection upgrades to TLS without an
        // SSLRequest packet, so the startup message is sent after 'sslconnect'.
        if (self.sslNegotiation !== 'direct') {
          con.requestSsl()
        }
      } else {
        con.startup(self.getStartupConf())
      }
    })

    con.on('sslconnect', function () {
      con.startup(self.getStartupConf())
    })

    this._attachListeners(con)

    con.once('end', () => {
      const error = this._ending ? new Error('Connection terminated') : new Error('Connection terminated unexpectedly')

      clearTimeout(this.connectionTimeoutHandle)
      this._errorAllQueries(error)
      this._ended = true

      if (!this._ending) {
        // if the connection is ended without us calling .end()
        // on this client then we have an unexpected disconnection
        // treat this as an error unless we've already emitted an error
        // during connection.
        if (this._connecting && !this._connectionError) {
          if (this._connectionCallback) {
            this._connectionCallback(error)
          } else {
            this._handleErrorEvent(error)
          }
        } else if (!this._connectionError) {
          this._handleErrorEvent(error)
        }
      }

      process.nextTick(() => {
        this.emit('end')
      })
    })
  }

  connect(callback) {
    if (callback) {
      this._connect(callback)
      return
    }

    return new this._Promise((resolve, reject) => {
      this._connect((error) => {
        if (error) {
          reject(error)
        } else {
          resolve(this)
        }
      })
    })
  }

  _attachListeners(con) {
    // password request handling
    con.on('authenticationCleartextPassword', this._handleAuthCleartextPassword.bind(this))
    // password request handling
    con.on('authenticationMD5Password', this._handleAuthMD5Password.bind(this))
    // password request handling (SASL)
    con.on('authenticationSASL', this._handleAuthSASL.bind(this))
    con.on('authenticationSASLContinue', this._handleAuthSASLContinue.bind(this))
    con.on('authenticationSASLFinal', this._handleAuthSASLFinal.bind(this))
    con.on('backendKeyData', this._handleBackendKeyData.bind(this))
    con.on('error', this._handleErrorEvent.bind(this))
    con.on('errorMessage', this._handleErrorMessage.bind(this))
    con.on('readyForQuery', this._handleReadyForQuery.bind(this))
    con.on('notice', this._handleNotice.bind(this))
    con.on('rowDescription', this._handleRowDescription.bind(this))
    con.on('dataRow', this._handleDataRow.bind(this))
    con.on('portalSuspended', this._handlePortalSuspended.bind(this))
    con.on('emptyQuery', this._handleEmptyQuery.bind(this))
    con.on('commandComplete', this._handleCommandComplete.bind(this))
    con.on('parseComplete', this._handleParseComplete.bind(this))
    con.on('copyInResponse', this._handleCopyInResponse.bind(this))
    con.on('copyData', this._handleCopyData.bind(this))
    con.on('notification', this._handleNotification.bind(this))
  }

  _getPassword(cb) {
    const con = this.connection
    if (typeof this.password === 'function') {
      this._Promise
        .resolve()
        .then(() => this.password(this.connectionParameters))
        .then((pass) => {
          if (pass !== undefined) {
            if (typeof pass !== 'string') {
              con.emit('error', new TypeError('Password must be a string'))
              return
            }
            this.connectionParameters.password = this.password = pass
          } else {
            this.connectionParameters.password = this.password = null
          }
          cb()
        })
        .catch((err) => {
          con.emit('error', err)
        })
    } else if (this.password !== null) {
      cb()
    } else {
      try {
        const pgPass = __webpack_require__(3272)
        pgPass(this.connectionParameters, (pass) => {
          if (undefined !== pass) {
            pgPassDeprecationNotice()
            this.connectionParameters.password = this.password = pass
          }
          cb()
        })
      } catch (e) {
        this.emit('error', e)
      }
    }
  }

  _handleAuthCleartextPassword(msg) {
    this._getPassword(() => {
      this.connection.password(this.password)
    })
  }

  _handleAuthMD5Password(msg) {
    this._getPassword(async () => {
      try {
        const hashedPassword = await crypto.postgresMd5PasswordHash(this.user, this.password, msg.salt)
        this.connection.password(hashedPassword)
      } catch (e) {
        this.emit('error', e)
      }
    })
  }

  _handleAuthSASL(msg) {
    this._getPassword(() => {
      try {
        this.saslSession = sasl.startSession(
          msg.mechanisms,
          this.enableChannelBinding && this.connection.stream,
          this.scramMaxIterations
        )
        this.connection.sendSASLInitialResponseMessage(this.saslSession.mechanism, this.saslSession.response)
      } catch (err) {
        this.connection.emit('error', err)
      }
    })
  }

  async _handleAuthSASLContinue(msg) {
    try {
      await sasl.continueSession(
        this.saslSession,
        this.password,
        msg.data,
        this.enableChannelBinding && this.connection.stream
      )
      this.connection.sendSCRAMClientFinalMessage(this.saslSession.response)
    } catch (err) {
      this.connection.emit('error', err)
    }
  }

  _handleAuthSASLFinal(msg) {
    try {
      sasl.finalizeSession(this.saslSession, msg.data)
      this.saslSession = null
    } catch (err) {
      this.connection.emit('error', err)
    }
  }

  _handleBackendKeyData(msg) {
    this.processID = msg.processID
    this.secretKey = msg.secretKey
  }

  _handleReadyForQuery(msg) {
    if (this._connecting) {
      this._connecting = false
      this._connected = true
      clearTimeout(this.connectionTimeoutHandle)

      // process possible callback argument to Client#connect
      if (this._connectionCallback) {
        this._connectionCallback(null, this)
        // remove callback for proper error handling
        // after the connect event
        this._connectionCallback = null
      }
      this.emit('connect')
    }
    const activeQuery = this._getActiveQuery()
    this._activeQuery = null
    this._txStatus = msg?.status ?? null
    this.readyForQuery = true
    if (activeQuery) {
      activeQuery.handleReadyForQuery(this.connection)
    }
    this._pulseQueryQueue()
  }

  // if we receive an error event or error message
  // during the connection process we handle it here
  _handleErrorWhileConnecting(err) {
    if (this._connectionError) {
      // TODO(bmc): this is swallowing errors - we shouldn't do this
      return
    }
    this._connectionError = true
    clearTimeout(this.connectionTimeoutHandle)
    if (this._connectionCallback) {
      return this._connectionCallback(err)
    }
    this.emit('error', err)
  }

  // if we're connected and we receive an error event from the connection
  // this means the socket is dead - do a hard abort of all queries and emit
  // the socket error on the client as well
  _handleErrorEvent(err) {
    if (this._connecting) {
      return this._handleErrorWhileConnecting(err)
    }
    this._queryable = false
    this._errorAllQueries(err)
    this.emit('error', err)
  }

  // handle error messages from the postgres backend
  _handleErrorMessage(msg) {
    if (this._connecting) {
      return this._handleErrorWhileConnecting(msg)
    }
    const activeQuery = this._getActiveQuery()

    if (!activeQuery) {
      this._handleErrorEvent(msg)
      return
    }

    this._activeQuery = null
    if (activeQuery.name) {
      delete this.connection.submittedNamedStatements[activeQuery.name]
    }
    activeQuery.handleError(msg, this.connection)
  }

  _handleRowDescription(msg) {
    const activeQuery = this._getActiveQuery()
    if (activeQuery == null) {
      const error = new Error('Received unexpected rowDescription message from backend.')
      this._handleErrorEvent(error)
      return
    }
    // delegate rowDescription to active query
    activeQuery.handleRowDescription(msg)
  }

  _handleDataRow(msg) {
    const activeQuery = this._getActiveQuery()
    if (activeQuery == null) {
      const error = new Error('Received unexpected dataRow message from backend.')
      this._handleErrorEvent(error)
      return
    }
    // delegate dataRow to active query
    activeQuery.handleDataRow(msg)
  }

  _handlePortalSuspended(msg) {
    const activeQuery = this._getActiveQuery()
    if (activeQuery == null) {
      const error = new Error('Received unexpected portalSuspended message from backend.')
      this._handleErrorEvent(error)
      return
    }
    // delegate portalSuspended to active query
    activeQuery.handlePortalSuspended(this.connection)
  }

  _handleEmptyQuery(msg) {
    const activeQuery = this._getActiveQuery()
    if (activeQuery == null) {
      const error = new Error('Received unexpected emptyQuery message from backend.')
      this._handleErrorEvent(error)
      return
    }
    // delegate emptyQuery to active query
    activeQuery.handleEmptyQuery(this.connection)
  }

  _handleCommandComplete(msg) {
    const activeQuery = this._getActiveQuery()
    if (activeQuery == null) {
      const error = new Error('Received unexpected commandComplete message from backend.')
      this._handleErrorEvent(error)
      return
    }
    // delegate commandComplete to active query
    activeQuery.handleCommandComplete(msg, this.connection)
  }

  _handleParseComplete() {
    const activeQuery = this._getActiveQuery()
    if (activeQuery == null) {
      const error = new Error('Received unexpected parseComplete message from backend.')
      this._handleErrorEvent(error)
      return
    }
    // if a prepared statement has a name and properly parses
    // we track that its already been executed so we don't parse
    // it again on the same client
    if (activeQuery.name) {
      this.connection.parsedStatements[activeQuery.name] = activeQuery.text
      delete this.connection.submittedNamedStatements[activeQuery.name]
    }
  }

  _handleCopyInResponse(msg) {
    const activeQuery = this._getActiveQuery()
    if (activeQuery == null) {
      const error = new Error('Received unexpected copyInResponse message from backend.')
      this._handleErrorEvent(error)
      return
    }
    activeQuery.handleCopyInResponse(this.connection)
  }

  _handleCopyData(msg) {
    const activeQuery = this._getActiveQuery()
    if (activeQuery == null) {
      const error = new Error('Received unexpected copyData message from backend.')
      this._handleErrorEvent(error)
      return
    }
    activeQuery.handleCopyData(msg, this.connection)
  }

  _handleNotification(msg) {
    this.emit('notification', msg)
  }

  _handleNotice(msg) {
    this.emit('notice', msg)
  }

  getStartupConf() {
    const params = this.connectionParameters

    const data = {
      user: params.user,
      database: params.database,
    }

    const appName = params.application_name || params.fallback_application_name
    if (appName) {
      data.application_name = appName
    }
    if (params.replication) {
      data.replication = '' + params.replication
    }
    if (params.statement_timeout) {
      data.statement_timeout = String(parseInt(params.statement_timeout, 10))
    }
    if (params.lock_timeout) {
      data.lock_timeout = String(parseInt(params.lock_timeout, 10))
    }
    if (params.idle_in_transaction_session_timeout) {
      data.idle_in_transaction_session_timeout = String(parseInt(params.idle_in_transaction_session_timeout, 10))
    }
    if (params.options) {
      data.options = params.options
    }

    return data
  }

  cancel(client, query) {
    if (client.activeQuery === query) {
      const con = this.connection

      if (this.host && this.host.indexOf('/') === 0) {
        con.connect(this.host + '/.s.PGSQL.' + this.port)
      } else {
        con.connect(this.port, this.host)
      }

      // once connection is established send cancel message
      con.on('connect', function () {
        con.cancel(client.processID, client.secretKey)
      })
    } else if (client._queryQueue.indexOf(query) !== -1) {
      client._queryQueue.splice(client._queryQueue.indexOf(query), 1)
    } else if (client._sentQueryQueue.indexOf(query) !== -1) {
      // Query already sent on wire — can't remove it without corrupting the
      // pipeline. No-op the callback so the result is silently discarded.
      query.callback = () => {}
    }
  }

  setTypeParser(oid, format, parseFn) {
    return this._types.setTypeParser(oid, format, parseFn)
  }

  getTypeParser(oid, format) {
    return this._types.getTypeParser(oid, format)
  }

  // escapeIdentifier and escapeLiteral moved to utility functions & exported
  // on PG
  // re-exported here for backwards compatibility
  escapeIdentifier(str) {
    return utils.escapeIdentifier(str)
  }

  escapeLiteral(str) {
    return utils.escapeLiteral(str)
  }

  _pulseQueryQueue() {
    if (this.pipeline) {
      this._pulsePipelinedQueryQueue()
      return
    }
    if (this.readyForQuery === true) {
      this._activeQuery = this._queryQueue.shift()
      const activeQuery = this._getActiveQuery()
      if (activeQuery) {
        this.readyForQuery = false
        this.hasExecuted = true

        const queryError = activeQuery.submit(this.connection)
        if (queryError) {
          process.nextTick(() => {
            activeQuery.handleError(queryError, this.connection)
            this.readyForQuery = true
            this._pulseQueryQueue()
          })
        }
      } else if (this.hasExecuted) {
        this._activeQuery = null
        this.emit('drain')
      }
    }
  }

  _pulsePipelinedQueryQueue() {
    if (!this._connected || !this._queryable) {
      return
    }
    while (this._queryQueue.length > 0) {
      const query = this._queryQueue.shift()
      this.hasExecuted = true
      const queryError = query.submit(this.connection)
      if (queryError) {
        process.nextTick(() => {
          query.handleError(queryError, this.connection)
        })
        continue
      }
      this._sentQueryQueue.push(query)
    }
    if (this.readyForQuery && !this._activeQuery && this._sentQueryQueue.length > 0) {
      this._activeQuery = this._sentQueryQueue.shift()
      this.readyForQuery = false
    }
    if (!this._activeQuery && this._sentQueryQueue.length === 0 && this._queryQueue.length === 0 && this.hasExecuted) {
      this.emit('drain')
    }
  }

  query(config, values, callback) {
    // can take in strings, config object or query object
    let query
    let result

    if (config == null) {
      throw new TypeError('Client was passed a null or undefined query')
    }

    if (typeof config.submit === 'function') {
      result = query = config
      if (!query.callback) {
        if (typeof values === 'function') {
          query.callback = values
        } else if (callback) {
          query.callback = callback
        }
      }
    } else {
      query = new Query(config, values, callback)
      if (!query.callback) {
        result = new this._Promise((resolve, reject) => {
          query.callback = (err, res) => (err ? reject(err) : resolve(res))
        }).catch((err) => {
          // replace the stack trace that leads to `TCP.onStreamRead` with one that leads back to the
          // application that created the query
          Error.captureStackTrace(err)
          throw err
        })
      } else if (typeof query.callback !== 'function') {
        throw new TypeError('callback is not a function')
      }
    }

    const readTimeout = config.query_timeout || this.connectionParameters.query_timeout
    if (readTimeout) {
      const queryCallback = query.callback || (() => {})

      const readTimeoutTimer = setTimeout(() => {
        const error = new Error('Query read timeout')

        process.nextTick(() => {
          query.handleError(error, this.connection)
        })

        queryCallback(error)

        // we already returned an error,
        // just do nothing if query completes
        query.callback = () => {}

        // Remove from queue (only safe if not yet sent)
        const index = this._queryQueue.indexOf(query)
        if (index > -1) {
          this._queryQueue.splice(index, 1)
        } else if (this.pipeline) {
          // Query already sent — the pipeline is blocked until it completes.
          // Destroy the connection to unblock all remaining pipelined queries.
          this.connection.stream.destroy()
          return
        }

        this._pulseQueryQueue()
      }, readTimeout)

      query.callback = (err, res) => {
        clearTimeout(readTimeoutTimer)
        queryCallback(err, res)
      }
    }

    if (this.binary && !query.binary) {
      query.binary = true
    }

    if (query._result && !query._result._types) {
      query._result._types = this._types
    }

    // A query that keeps a portal open across round trips cannot share a pipelined connection: the
    // queries written behind it are answered out of its portal, so rows land on the wrong query and
    // the reads that follow fail with 'portal does not exist'. Refuse it instead of corrupting.
    if (this.pipeline) {
      const portalQuery =
        typeof config.submit === 'function' && !(query instanceof Query)
          ? 'Custom query classes such as pg-cursor and pg-query-stream are'
          : query.rows
          ? 'The `rows` option is'
          : null
      if (portalQuery) {
        process.nextTick(() => {
          query.handleError(new Error(`${portalQuery} not supported in pipeline mode`), this.connection)
        })
        return result
      }
    }

    if (!this._queryable) {
      process.nextTick(() => {
        query.handleError(new Error('Client has encountered a connection error and is not queryable'), this.connection)
      })
      return result
    }

    if (this._ending) {
      process.nextTick(() => {
        query.handleError(new Error('Client was closed and is not queryable'), this.connection)
      })
      return result
    }

    if (this._queryQueue.length > 0 && !this.pipeline) {
      queryQueueLengthDeprecationNotice()
    }
    this._queryQueue.push(query)
    this._pulseQueryQueue()
    return result
  }

  ref() {
    this.connection.ref()
  }

  unref() {
    this.connection.unref()
  }

  getTransactionStatus() {
    return this._txStatus
  }

  end(cb) {
    this._ending = true

    // if we have never connected, then end is a noop, callback immediately
    if (!this.connection._connecting || this._ended) {
      if (cb) {
        cb()
        return
      } else {
        return this._Promise.resolve()
      }
    }

    if (!this._queryable) {
      // socket is dead — force close
      this.connection.stream.destroy()
    } else if (
      this.pipeline &&
      (this._getActiveQuery() || this._sentQueryQueue.length > 0 || this._queryQueue.length > 0)
    ) {
      // pipelined queries are already on the wire (or queued to send) and will
      // complete normally; wait for drain then do a graceful goodbye
      this.once('drain', () => this.connection.end())
    } else if (this._getActiveQuery()) {
      // non-pipeline: a hung query could block end forever — force disconnect
      this.connection.stream.destroy()
    } else {
      this.connection.end()
    }

    if (cb) {
      this.connection.once('end', cb)
    } else {
      return new this._Promise((resolve) => {
        this.connection.once('end', resolve)
      })
    }
  }
  get queryQueue() {
    queryQueueDeprecationNotice()
    return this._queryQueue
  }
}

// expose a Query constructor
Client.Query = Query

module.exports = Client


/***/ }),

/***/ 646:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const dns = __webpack_require__(2250)

const defaults = __webpack_require__(8995)

const parse = (__webpack_require__(6122).parse) // parses a connection string

const val = function (key, config, envVar) {
  if (config[key]) {
    return config[key]
  }

  if (envVar === undefined) {
    envVar = process.env['PG' + key.toUpperCase()]
  } else if (envVar === false) {
    // do nothing ... use false
  } else {
    envVar = process.env[envVar]
  }

  return envVar || defaults[key]
}

const readSSLConfigFromEnvironment = function () {
  switch (process.env.PGSSLMODE) {
    case 'disable':
      return false
    case 'prefer':
    case 'require':
    case 'verify-ca':
    case 'verify-full':
      return true
    case 'no-verify':
      return { rejectUnauthorized: false }
  }
  return defaults.ssl
}

// Convert arg to a string, surround in single quotes, and escape single quotes and backslashes
const quoteParamValue = function (value) {
  return "'" + ('' + value).replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'"
}

const add = function (params, config, paramName) {
  const value = config[paramName]
  if (value !== undefined && value !== null) {
    params.push(paramName + '=' + quoteParamValue(value))
  }
}

class ConnectionParameters {
  constructor(config) {
    // if a string is passed, it is a raw connection string so we parse it into a config
    config = typeof config === 'string' ? parse(config) : config || {}

    // if the config has a connectionString defined, parse IT into the config we use
    // this will override other default values with what is stored in connectionString
    if (config.connectionString) {
      config = Object.assign({}, config, parse(config.connectionString))
    }

    this.user = val('user', config)
    this.database = val('database', config)

    if (this.database === undefined) {
      this.database = this.user
    }

    this.port = parseInt(val('port', config), 10)
    this.host = val('host', config)

    // "hiding" the password so it doesn't show up in stack traces
    // or if the client is console.logged
    Object.defineProperty(this, 'password', {
      configurable: true,
      enumerable: false,
      writable: true,
      value: val('password', config),
    })

    this.binary = val('binary', config)
    this.options = val('options', config)

    this.ssl = typeof config.ssl === 'undefined' ? readSSLConfigFromEnvironment() : config.ssl

    if (typeof this.ssl === 'string') {
      if (this.ssl === 'true') {
        this.ssl = true
      }
    }
    // support passing in ssl=no-verify via connection string
    if (this.ssl === 'no-verify') {
      this.ssl = { rejectUnauthorized: false }
    }
    if (this.ssl && this.ssl.key) {
      Object.defineProperty(this.ssl, 'key', {
        enumerable: false,
      })
    }

    // How to negotiate SSL: 'postgres' (default, the traditional SSLRequest
    // handshake) or 'direct' (start the TLS handshake immediately on connect).
    this.sslnegotiation = val('sslnegotiation', config, 'PGSSLNEGOTIATION')
    if (this.sslnegotiation !== undefined && this.sslnegotiation !== 'postgres' && this.sslnegotiation !== 'direct') {
      throw new Error(
        `Invalid sslnegotiation value: "${this.sslnegotiation}". Valid values are "postgres" and "direct".`
      )
    }
    if (this.sslnegotiation === 'direct' && !this.ssl) {
      throw new Error('sslnegotiation=direct requires SSL to be enabled')
    }

    this.client_encoding = val('client_encoding', config)
    this.replication = val('replication', config)
    // a domain socket begins with '/'
    this.isDomainSocket = !(this.host || '').indexOf('/')

    this.application_name = val('application_name', config, 'PGAPPNAME')
    this.fallback_application_name = val('fallback_application_name', config, false)
    this.statement_timeout = val('statement_timeout', config, false)
    this.lock_timeout = val('lock_timeout', config, false)
    this.idle_in_transaction_session_timeout = val('idle_in_transaction_session_timeout', config, false)
    this.query_timeout = val('query_timeout', config, false)

    if (config.connectionTimeoutMillis === undefined) {
      this.connect_timeout = process.env.PGCONNECT_TIMEOUT || 0
    } else {
      this.connect_timeout = Math.floor(config.connectionTimeoutMillis / 1000)
    }

    if (config.keepAlive === false) {
      this.keepalives = 0
    } else if (config.keepAlive === true) {
      this.keepalives = 1
    }

    if (typeof config.keepAliveInitialDelayMillis === 'number') {
      this.keepalives_idle = Math.floor(config.keepAliveInitialDelayMillis / 1000)
    }
  }

  getLibpqConnectionString(cb) {
    const params = []
    add(params, this, 'user')
    add(params, this, 'password')
    add(params, this, 'port')
    add(params, this, 'application_name')
    add(params, this, 'fallback_application_name')
    add(params, this, 'connect_timeout')
    add(params, this, 'options')

    const ssl = typeof this.ssl === 'object' ? this.ssl : this.ssl ? { sslmode: this.ssl } : {}
    add(params, ssl, 'sslmode')
    add(params, ssl, 'sslca')
    add(params, ssl, 'sslkey')
    add(params, ssl, 'sslcert')
    add(params, ssl, 'sslrootcert')
    add(params, this, 'sslnegotiation')

    if (this.database) {
      params.push('dbname=' + quoteParamValue(this.database))
    }
    if (this.replication) {
      params.push('replication=' + quoteParamValue(this.replication))
    }
    if (this.host) {
      params.push('host=' + quoteParamValue(this.host))
    }
    if (this.isDomainSocket) {
      return cb(null, params.join(' '))
    }
    if (this.client_encoding) {
      params.push('client_encoding=' + quoteParamValue(this.client_encoding))
    }
    dns.lookup(this.host, function (err, address) {
      if (err) return cb(err, null)
      params.push('hostaddr=' + quoteParamValue(address))
      return cb(null, params.join(' '))
    })
  }
}

module.exports = ConnectionParameters


/***/ }),

/***/ 9809:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const EventEmitter = (__webpack_require__(4434).EventEmitter)

const { parse, serialize } = __webpack_require__(4233)
const stream = __webpack_require__(829)
const { getStream } = stream

const flushBuffer = serialize.flush()
const syncBuffer = serialize.sync()
const endBuffer = serialize.end()

// TODO(bmc) support binary mode at some point
class Connection extends EventEmitter {
  constructor(config) {
    super()
    config = config || {}

    this.stream = config.stream || getStream(config.ssl)
    if (typeof this.stream === 'function') {
      this.stream = this.stream(config)
    }

    this._keepAlive = config.keepAlive
    this._keepAliveInitialDelayMillis = config.keepAliveInitialDelayMillis
    this.parsedStatements = {}
    this.submittedNamedStatements = {}
    this.ssl = config.ssl || false
    this.sslNegotiation = config.sslNegotiation || 'postgres'
    this._ending = false
    this._emitMessage = false
    const self = this
    this.on('newListener', function (eventName) {
      if (eventName === 'message') {
        self._emitMessage = true
      }
    })
  }

  connect(port, host) {
    const self = this

    this._connecting = true
    this.stream.setNoDelay(true)
    this.stream.connect(port, host)

    this.stream.once('connect', function () {
      if (self._keepAlive) {
        self.stream.setKeepAlive(true, self._keepAliveInitialDelayMillis)
      }
      self.emit('connect')
    })

    const reportStreamError = function (error) {
      // errors about disconnections should be ignored during disconnect
      if (self._ending && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
        return
      }
      self.emit('error', error)
    }
    this.stream.on('error', reportStreamError)

    this.stream.on('close', function () {
      self.emit('end')
    })

    if (!this.ssl) {
      return this.attachListeners(this.stream)
    }

    // With direct SSL negotiation the TLS handshake starts immediately on the
    // raw socket, skipping the SSLRequest packet and the server's 'S'/'N' reply.
    if (this.sslNegotiation === 'direct') {
      return this.stream.once('connect', function () {
        self.upgradeToSSL(host, reportStreamError)
      })
    }

    this.stream.once('data', function (buffer) {
      const responseCode = buffer.toString('utf8')
      switch (responseCode) {
        case 'S': // Server supports SSL connections, continue with a secure connection
          break
        case 'N': // Server does not support SSL connections
          self.stream.end()
          return self.emit('error', new Error('The server does not support SSL connections'))
        default:
          // Any other response byte, including 'E' (ErrorResponse) indicating a server error
          self.stream.end()
          return self.emit('error', new Error('There was an error establishing an SSL connection'))
      }
      self.upgradeToSSL(host, reportStreamError)
    })
  }

  upgradeToSSL(host, reportStreamError) {
    const self = this
    const options = {
      socket: self.stream,
      // tls.connect checks the server identity against `servername`, falling
      // back to `host` and then to 'localhost'. `servername` must stay unset
      // for IP addresses (see below), so `host` is needed to keep certificate
      // validation working when connecting to an IP address.
      host,
    }

    if (self.ssl !== true) {
      Object.assign(options, self.ssl)

      if ('key' in self.ssl) {
        options.key = self.ssl.key
      }
    }

    // Direct SSL negotiation requires ALPN so the server can confirm it is
    // speaking the PostgreSQL protocol over the TLS connection.
    if (self.sslNegotiation === 'direct') {
      options.ALPNProtocols = ['postgresql']
    }

    // SNI must not be set to an IP address (RFC 6066 section 3)
    const net = __webpack_require__(9278)
    if (net.isIP && net.isIP(host) === 0) {
      options.servername = host
    }
    try {
      self.stream = stream.getSecureStream(options)
    } catch (err) {
      return self.emit('error', err)
    }
    self.attachListeners(self.stream)
    self.stream.on('error', reportStreamError)

    self.emit('sslconnect')
  }

  attachListeners(stream) {
    parse(stream, (msg) => {
      const eventName = msg.name === 'error' ? 'errorMessage' : msg.name
      if (this._emitMessage) {
        this.emit('message', msg)
      }
      this.emit(eventName, msg)
    })
  }

  requestSsl() {
    this.stream.write(serialize.requestSsl())
  }

  startup(config) {
    this.stream.write(serialize.startup(config))
  }

  cancel(processID, secretKey) {
    this._send(serialize.cancel(processID, secretKey))
  }

  password(password) {
    this._send(serialize.password(password))
  }

  sendSASLInitialResponseMessage(mechanism, initialResponse) {
    this._send(serialize.sendSASLInitialResponseMessage(mechanism, initialResponse))
  }

  sendSCRAMClientFinalMessage(additionalData) {
    this._send(serialize.sendSCRAMClientFinalMessage(additionalData))
  }

  _send(buffer) {
    if (!this.stream.writable) {
      return false
    }
    return this.stream.write(buffer)
  }

  query(text) {
    this._send(serialize.query(text))
  }

  // send parse message
  parse(query) {
    this._send(serialize.parse(query))
  }

  // send bind message
  bind(config) {
    this._send(serialize.bind(config))
  }

  // send execute message
  execute(config) {
    this._send(serialize.execute(config))
  }

  flush() {
    if (this.stream.writable) {
      this.stream.write(flushBuffer)
    }
  }

  sync() {
    // Sync is the extended-query protocol barrier, not a disconnect.
    // Only end()/Terminate (and connect-timeout teardown) should set _ending.
    this._send(syncBuffer)
  }

  ref() {
    this.stream.ref()
  }

  unref() {
    this.stream.unref()
  }

  end() {
    // 0x58 = 'X'
    this._ending = true
    if (!this._connecting || !this.stream.writable) {
      this.stream.end()
      return
    }
    return this.stream.write(endBuffer, () => {
      this.stream.end()
    })
  }

  close(msg) {
    this._send(serialize.close(msg))
  }

  describe(msg) {
    this._send(serialize.describe(msg))
  }

  sendCopyFromChunk(chunk) {
    this._send(serialize.copyData(chunk))
  }

  endCopyFrom() {
    this._send(serialize.copyDone())
  }

  sendCopyFail(msg) {
    this._send(serialize.copyFail(msg))
  }
}

module.exports = Connection


/***/ }),

/***/ 9765:
/***/ ((module) => {

function x509Error(msg, cert) {
  return new Error('SASL channel binding: ' + msg + ' when parsing public certificate ' + cert.toString('base64'))
}

function readASN1Length(data, index) {
  let length = data[index++]
  if (length < 0x80) return { length, index }

  const lengthBytes = length & 0x7f
  if (lengthBytes > 4) throw x509Error('bad length', data)

  length = 0
  for (let i = 0; i < lengthBytes; i++) {
    length = (length << 8) | data[index++]
  }

  return { length, index }
}

function readASN1OID(data, index) {
  if (data[index++] !== 0x6) throw x509Error('non-OID data', data) // 6 = OID

  const { length: OIDLength, index: indexAfterOIDLength } = readASN1Length(data, index)
  index = indexAfterOIDLength
  const lastIndex = index + OIDLength

  const byte1 = data[index++]
  let oid = ((byte1 / 40) >> 0) + '.' + (byte1 % 40)

  while (index < lastIndex) {
    // loop over numbers in OID
    let value = 0
    while (index < lastIndex) {
      // loop over bytes in number
      const nextByte = data[index++]
      value = (value << 7) | (nextByte & 0x7f)
      if (nextByte < 0x80) break
    }
    oid += '.' + value
  }

  return { oid, index }
}

function expectASN1Seq(data, index) {
  if (data[index++] !== 0x30) throw x509Error('non-sequence data', data) // 30 = Sequence
  return readASN1Length(data, index)
}

function signatureAlgorithmHashFromCertificate(data, index) {
  // read this thread: https://www.postgresql.org/message-id/17760-b6c61e752ec07060%40postgresql.org
  if (index === undefined) index = 0
  index = expectASN1Seq(data, index).index
  const { length: certInfoLength, index: indexAfterCertInfoLength } = expectASN1Seq(data, index)
  index = indexAfterCertInfoLength + certInfoLength // skip over certificate info
  index = expectASN1Seq(data, index).index // skip over signature length field
  const { oid, index: indexAfterOID } = readASN1OID(data, index)
  switch (oid) {
    // RSA
    case '1.2.840.113549.1.1.4':
      return 'MD5'
    case '1.2.840.113549.1.1.5':
      return 'SHA-1'
    case '1.2.840.113549.1.1.11':
      return 'SHA-256'
    case '1.2.840.113549.1.1.12':
      return 'SHA-384'
    case '1.2.840.113549.1.1.13':
      return 'SHA-512'
    case '1.2.840.113549.1.1.14':
      return 'SHA-224'
    case '1.2.840.113549.1.1.15':
      return 'SHA512-224'
    case '1.2.840.113549.1.1.16':
      return 'SHA512-256'
    // ECDSA
    case '1.2.840.10045.4.1':
      return 'SHA-1'
    case '1.2.840.10045.4.3.1':
      return 'SHA-224'
    case '1.2.840.10045.4.3.2':
      return 'SHA-256'
    case '1.2.840.10045.4.3.3':
      return 'SHA-384'
    case '1.2.840.10045.4.3.4':
      return 'SHA-512'
    // RSASSA-PSS: hash is indicated separately
    case '1.2.840.113549.1.1.10': {
      index = indexAfterOID
      index = expectASN1Seq(data, index).index
      if (data[index++] !== 0xa0) throw x509Error('non-tag data', data) // a0 = constructed tag 0
      index = readASN1Length(data, index).index // skip over tag length field
      index = expectASN1Seq(data, index).index // skip over sequence length field
      const { oid: hashOID } = readASN1OID(data, index)
      switch (hashOID) {
        // standalone hash OIDs
        case '1.2.840.113549.2.5':
          return 'MD5'
        case '1.3.14.3.2.26':
          return 'SHA-1'
        case '2.16.840.1.101.3.4.2.1':
          return 'SHA-256'
        case '2.16.840.1.101.3.4.2.2':
          return 'SHA-384'
        case '2.16.840.1.101.3.4.2.3':
          return 'SHA-512'
      }
      throw x509Error('unknown hash OID ' + hashOID, data)
    }
    // Ed25519 -- see https://github.com/openssl/openssl/issues/15477
    case '1.3.101.110':
    case '1.3.101.112': // ph
      return 'SHA-512'
    // Ed448 -- still not in pg 17.2 (if supported, digest would be SHAKE256 x 64 bytes)
    case '1.3.101.111':
    case '1.3.101.113': // ph
      throw x509Error('Ed448 certificate channel binding is not currently supported by Postgres')
  }
  throw x509Error('unknown OID ' + oid, data)
}

module.exports = { signatureAlgorithmHashFromCertificate }


/***/ }),

/***/ 948:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {


const crypto = __webpack_require__(4150)
const { signatureAlgorithmHashFromCertificate } = __webpack_require__(9765)

// SASLprep (RFC 4013) — minimal in-tree implementation.
//
// Per RFC 5802 §2.2, the SCRAM-SHA-256 client must normalize the password via
// SASLprep before feeding it into PBKDF2. PostgreSQL's server applies the same
// SASLprep when computing the stored verifier, and libpq does the same client
// side, so passwords whose NFKC form differs from the raw form
// would otherwise authenticate against psql/libpq but fail against pg with `28P01`.
//
// We deliberately implement only the three steps that change the byte content:
//   1. RFC 3454 Table C.1.2 (non-ASCII space) → U+0020 SPACE.
//   2. RFC 3454 Table B.1 (commonly mapped to nothing) → empty.
//   3. NFKC normalization.
// We skip the prohibition (RFC 4013 §2.3) and bidi (RFC 3454 §6) checks.
// libpq is forgiving on those paths and Postgres's own SASLprep matches that
// leniency for legacy roles, so omitting the rejection logic keeps existing
// roles working without adding complexity.
function saslprep(password) {
  // RFC 3454 Table C.1.2 — non-ASCII space characters, mapped to U+0020.
  const nonAsciiSpace = /[\u00A0\u1680\u2000-\u200B\u202F\u205F\u3000]/g
  // RFC 3454 Table B.1 — "commonly mapped to nothing". The set intentionally
  // contains zero-width joiners and variation selectors — the very characters
  // ESLint's no-misleading-character-class warns about — because they combine
  // with their neighbors and the RFC strips them for that reason.
  // eslint-disable-next-line no-misleading-character-class
  const mappedToNothing = /[\u00AD\u034F\u1806\u180B\u180C\u180D\u200C\u200D\u2060\uFE00-\uFE0F\uFEFF]/g
  return password.replace(nonAsciiSpace, ' ').replace(mappedToNothing, '').normalize('NFKC')
}

const DEFAULT_MAX_SCRAM_ITERATIONS = 100000

function startSession(mechanisms, stream, scramMaxIterations = DEFAULT_MAX_SCRAM_ITERATIONS) {
  const candidates = ['SCRAM-SHA-256']
  if (stream) candidates.unshift('SCRAM-SHA-256-PLUS') // higher-priority, so placed first

  const mechanism = candidates.find((candidate) => mechanisms.includes(candidate))

  if (!mechanism) {
    throw new Error('SASL: Only mechanism(s) ' + candidates.join(' and ') + ' are supported')
  }

  if (mechanism === 'SCRAM-SHA-256-PLUS' && typeof stream.getPeerCertificate !== 'function') {
    // this should never happen if we are really talking to a Postgres server
    throw new Error('SASL: Mechanism SCRAM-SHA-256-PLUS requires a certificate')
  }

  const clientNonce = crypto.randomBytes(18).toString('base64')
  const gs2Header = mechanism === 'SCRAM-SHA-256-PLUS' ? 'p=tls-server-end-point' : stream ? 'y' : 'n'

  return {
    mechanism,
    clientNonce,
    response: gs2Header + ',,n=*,r=' + clientNonce,
    message: 'SASLInitialResponse',
    scramMaxIterations,
  }
}

async function continueSession(session, password, serverData, stream) {
  if (session.message !== 'SASLInitialResponse') {
    throw new Error('SASL: Last message was not SASLInitialResponse')
  }
  if (typeof password !== 'string') {
    throw new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string')
  }
  if (password === '') {
    throw new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a non-empty string')
  }
  if (typeof serverData !== 'string') {
    throw new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: serverData must be a string')
  }

  const sv = parseServerFirstMessage(serverData)

  if (!sv.nonce.startsWith(session.clientNonce)) {
    throw new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: server nonce does not start with client nonce')
  } else if (sv.nonce.length === session.clientNonce.length) {
    throw new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: server nonce is too short')
  }

  const scramMaxIterations =
    typeof session.scramMaxIterations === 'number' ? session.scramMaxIterations : DEFAULT_MAX_SCRAM_ITERATIONS
  // a value of 0 disables the iteration count check
  if (scramMaxIterations !== 0 && sv.iteration > scramMaxIterations) {
    throw new Error(
      'SASL: SCRAM-SERVER-FIRST-MESSAGE: iteration count ' +
        sv.iteration +
        ' exceeds scramMaxIterations of ' +
        scramMaxIterations
    )
  }

  const clientFirstMessageBare = 'n=*,r=' + session.clientNonce
  const serverFirstMessage = 'r=' + sv.nonce + ',s=' + sv.salt + ',i=' + sv.iteration

  // without channel binding:
  let channelBinding = stream ? 'eSws' : 'biws' // 'y,,' or 'n,,', base64-encoded

  // override if channel binding is in use:
  if (session.mechanism === 'SCRAM-SHA-256-PLUS') {
    const peerCert = stream.getPeerCertificate().raw
    let hashName = signatureAlgorithmHashFromCertificate(peerCert)
    if (hashName === 'MD5' || hashName === 'SHA-1') hashName = 'SHA-256'
    const certHash = await crypto.hashByName(hashName, peerCert)
    const bindingData = Buffer.concat([Buffer.from('p=tls-server-end-point,,'), Buffer.from(certHash)])
    channelBinding = bindingData.toString('base64')
  }

  const clientFinalMessageWithoutProof = 'c=' + channelBinding + ',r=' + sv.nonce
  const authMessage = clientFirstMessageBare + ',' + serverFirstMessage + ',' + clientFinalMessageWithoutProof

  const saltBytes = Buffer.from(sv.salt, 'base64')
  const saltedPassword = await crypto.deriveKey(saslprep(password), saltBytes, sv.iteration)
  const clientKey = await crypto.hmacSha256(saltedPassword, 'Client Key')
  const storedKey = await crypto.sha256(clientKey)
  const clientSignature = await crypto.hmacSha256(storedKey, authMessage)
  const clientProof = xorBuffers(Buffer.from(clientKey), Buffer.from(clientSignature)).toString('base64')
  const serverKey = await crypto.hmacSha256(saltedPassword, 'Server Key')
  const serverSignatureBytes = await crypto.hmacSha256(serverKey, authMessage)

  session.message = 'SASLResponse'
  session.serverSignature = Buffer.from(serverSignatureBytes).toString('base64')
  session.response = clientFinalMessageWithoutProof + ',p=' + clientProof
}

function finalizeSession(session, serverData) {
  if (session.message !== 'SASLResponse') {
    throw new Error('SASL: Last message was not SASLResponse')
  }
  if (typeof serverData !== 'string') {
    throw new Error('SASL: SCRAM-SERVER-FINAL-MESSAGE: serverData must be a string')
  }

  const { serverSignature } = parseServerFinalMessage(serverData)

  if (serverSignature !== session.serverSignature) {
    throw new Error('SASL: SCRAM-SERVER-FINAL-MESSAGE: server signature does not match')
  }
}

/**
 * printable       = %x21-2B / %x2D-7E
 *                   ;; Printable ASCII except ",".
 *                   ;; Note that any "printable" is also
 *                   ;; a valid "value".
 */
function isPrintableChars(text) {
  if (typeof text !== 'string') {
    throw new TypeError('SASL: text must be a string')
  }
  return text
    .split('')
    .map((_, i) => text.charCodeAt(i))
    .every((c) => (c >= 0x21 && c <= 0x2b) || (c >= 0x2d && c <= 0x7e))
}

/**
 * base64-char     = ALPHA / DIGIT / "/" / "+"
 *
 * base64-4        = 4base64-char
 *
 * base64-3        = 3base64-char "="
 *
 * base64-2        = 2base64-char "=="
 *
 * base64          = *base64-4 [base64-3 / base64-2]
 */
function isBase64(text) {
  return /^(?:[a-zA-Z0-9+/]{4})*(?:[a-zA-Z0-9+/]{2}==|[a-zA-Z0-9+/]{3}=)?$/.test(text)
}

function parseAttributePairs(text) {
  if (typeof text !== 'string') {
    throw new TypeError('SASL: attribute pairs text must be a string')
  }

  return new Map(
    text.split(',').map((attrValue) => {
      if (!/^.=/.test(attrValue)) {
        throw new Error('SASL: Invalid attribute pair entry')
      }
      const name = attrValue[0]
      const value = attrValue.substring(2)
      return [name, value]
    })
  )
}

function parseServerFirstMessage(data) {
  const attrPairs = parseAttributePairs(data)

  const nonce = attrPairs.get('r')
  if (!nonce) {
    throw new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: nonce missing')
  } else if (!isPrintableChars(nonce)) {
    throw new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: nonce must only contain printable characters')
  }
  const salt = attrPairs.get('s')
  if (!salt) {
    throw new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: salt missing')
  } else if (!isBase64(salt)) {
    throw new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: salt must be base64')
  }
  const iterationText = attrPairs.get('i')
  if (!iterationText) {
    throw new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: iteration missing')
  } else if (!/^[1-9][0-9]*$/.test(iterationText)) {
    throw new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: invalid iteration count')
  }
  const iteration = parseInt(iterationText, 10)

  return {
    nonce,
    salt,
    iteration,
  }
}

function parseServerFinalMessage(serverData) {
  const attrPairs = parseAttributePairs(serverData)
  const error = attrPairs.get('e')
  const serverSignature = attrPairs.get('v')

  if (error) {
    throw new Error(`SASL: SCRAM-SERVER-FINAL-MESSAGE: server returned error: "${error}"`)
  }

  if (!serverSignature) {
    throw new Error('SASL: SCRAM-SERVER-FINAL-MESSAGE: server signature is missing')
  } else if (!isBase64(serverSignature)) {
    throw new Error('SASL: SCRAM-SERVER-FINAL-MESSAGE: server signature must be base64')
  }
  return {
    serverSignature,
  }
}

function xorBuffers(a, b) {
  if (!Buffer.isBuffer(a)) {
    throw new TypeError('first argument must be a Buffer')
  }
  if (!Buffer.isBuffer(b)) {
    throw new TypeError('second argument must be a Buffer')
  }
  if (a.length !== b.length) {
    throw new Error('Buffer lengths must match')
  }
  if (a.length === 0) {
    throw new Error('Buffers cannot be empty')
  }
  return Buffer.from(a.map((_, i) => a[i] ^ b[i]))
}

module.exports = {
  startSession,
  continueSession,
  finalizeSession,
  DEFAULT_MAX_SCRAM_ITERATIONS,
}


/***/ }),

/***/ 4150:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

const nodeCrypto = __webpack_require__(6982)

module.exports = {
  postgresMd5PasswordHash,
  randomBytes,
  deriveKey,
  sha256,
  hashByName,
  hmacSha256,
  md5,
}

/**
 * The Web Crypto API - grabbed from the Node.js library or the global
 * @type Crypto
 */
// eslint-disable-next-line no-undef
const webCrypto = nodeCrypto.webcrypto || globalThis.crypto
/**
 * The SubtleCrypto API for low level crypto operations.
 * @type SubtleCrypto
 */
const subtleCrypto = webCrypto.subtle
const textEncoder = new TextEncoder()

/**
 *
 * @param {*} length
 * @returns
 */
function randomBytes(length) {
  return webCrypto.getRandomValues(Buffer.alloc(length))
}

async function md5(string) {
  try {
    return nodeCrypto.createHash('md5').update(string, 'utf-8').digest('hex')
  } catch (e) {
    // `createHash()` failed so we are probably not in Node.js, use the WebCrypto API instead.
    // Note that the MD5 algorithm on WebCrypto is not available in Node.js.
    // This is why we cannot just use WebCrypto in all environments.
    const data = typeof string === 'string' ? textEncoder.encode(string) : string
    const hash = await subtleCrypto.digest('MD5', data)
    return Array.from(new Uint8Array(hash))
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
  }
}

// See AuthenticationMD5Password at https://www.postgresql.org/docs/current/static/protocol-flow.html
async function postgresMd5PasswordHash(user, password, salt) {
  const inner = await md5(password + user)
  const outer = await md5(Buffer.concat([Buffer.from(inner), salt]))
  return 'md5' + outer
}

/**
 * Create a SHA-256 digest of the given data
 * @param {Buffer} data
 */
async function sha256(text) {
  return await subtleCrypto.digest('SHA-256', text)
}

async function hashByName(hashName, text) {
  return await subtleCrypto.digest(hashName, text)
}

/**
 * Sign the message with the given key
 * @param {ArrayBuffer} keyBuffer
 * @param {string} msg
 */
async function hmacSha256(keyBuffer, msg) {
  const key = await subtleCrypto.importKey('raw', keyBuffer, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return await subtleCrypto.sign('HMAC', key, textEncoder.encode(msg))
}

/**
 * Derive a key from the password and salt
 * @param {string} password
 * @param {Uint8Array} salt
 * @param {number} iterations
 */
async function deriveKey(password, salt, iterations) {
  const key = await subtleCrypto.importKey('raw', textEncoder.encode(password), 'PBKDF2', false, ['deriveBits'])
  const params = { name: 'PBKDF2', hash: 'SHA-256', salt: salt, iterations: iterations }
  return await subtleCrypto.deriveBits(params, key, 32 * 8, ['deriveBits'])
}


/***/ }),

/***/ 8995:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



let user
try {
  user = process.platform === 'win32' ? process.env.USERNAME : process.env.USER
} catch {
  // ignore, e.g., Deno without --allow-env
}

module.exports = {
  // database host. defaults to localhost
  host: 'localhost',

  // database user's name
  user,

  // name of database to connect
  database: undefined,

  // database user's password
  password: null,

  // a Postgres connection string to be used instead of setting individual connection items
  // NOTE:  Setting this value will cause it to override any other value (such as database or user) defined
  // in the defaults object.
  connectionString: undefined,

  // database port
  port: 5432,

  // number of rows to return at a time from a prepared statement's
  // portal. 0 will return all rows at once
  rows: 0,

  // binary result mode
  binary: false,

  // Connection pool options - see https://github.com/brianc/node-pg-pool

  // number of connections to use in connection pool
  // 0 will disable connection pooling
  max: 10,

  // max milliseconds a client can go unused before it is removed
  // from the pool and destroyed
  idleTimeoutMillis: 30000,

  client_encoding: '',

  ssl: false,

  // SSL negotiation style: 'postgres' (traditional SSLRequest) or 'direct'
  sslnegotiation: undefined,

  application_name: undefined,

  fallback_application_name: undefined,

  options: undefined,

  parseInputDatesAsUTC: false,

  // max milliseconds any query using this connection will execute for before timing out in error.
  // false=unlimited
  statement_timeout: false,

  // Abort any statement that waits longer than the specified duration in milliseconds while attempting to acquire a lock.
  // false=unlimited
  lock_timeout: false,

  // Terminate any session with an open transaction that has been idle for longer than the specified duration in milliseconds
  // false=unlimited
  idle_in_transaction_session_timeout: false,

  // max milliseconds to wait for query to complete (client side)
  query_timeout: false,

  connect_timeout: 0,

  keepalives: 1,

  keepalives_idle: 0,
}

const pgTypes = __webpack_require__(1549)
// save default parsers
const parseBigInteger = pgTypes.getTypeParser(20, 'text')
const parseBigIntegerArray = pgTypes.getTypeParser(1016, 'text')

// parse int8 so you can get your count values as actual numbers
module.exports.__defineSetter__('parseInt8', function (val) {
  pgTypes.setTypeParser(20, 'text', val ? pgTypes.getTypeParser(23, 'text') : parseBigInteger)
  pgTypes.setTypeParser(1016, 'text', val ? pgTypes.getTypeParser(1007, 'text') : parseBigIntegerArray)
})


/***/ }),

/***/ 3273:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const Client = __webpack_require__(5042)
const defaults = __webpack_require__(8995)
const Connection = __webpack_require__(9809)
const Result = __webpack_require__(8014)
const utils = __webpack_require__(9652)
const Pool = __webpack_require__(7558)
const TypeOverrides = __webpack_require__(365)
const { DatabaseError } = __webpack_require__(4233)
const { escapeIdentifier, escapeLiteral } = __webpack_require__(9652)

const poolFactory = (Client) => {
  return class BoundPool extends Pool {
    constructor(options) {
      super(options, Client)
    }
  }
}

const PG = function (clientConstructor) {
  this.defaults = defaults
  this.Client = clientConstructor
  this.Query = this.Client.Query
  this.Pool = poolFactory(this.Client)
  this._pools = []
  this.Connection = Connection
  this.types = __webpack_require__(1549)
  this.DatabaseError = DatabaseError
  this.TypeOverrides = TypeOverrides
  this.escapeIdentifier = escapeIdentifier
  this.escapeLiteral = escapeLiteral
  this.Result = Result
  this.utils = utils
}

let clientConstructor = Client

let forceNative = false
try {
  forceNative = !!process.env.NODE_PG_FORCE_NATIVE
} catch {
  // ignore, e.g., Deno without --allow-env
}

if (forceNative) {
  clientConstructor = __webpack_require__(5301)
}

module.exports = new PG(clientConstructor)

// lazy require native module...the native module may not have installed
Object.defineProperty(module.exports, "native", ({
  configurable: true,
  enumerable: false,
  get() {
    let native = null
    try {
      native = new PG(__webpack_require__(5301))
    } catch (err) {
      if (err.code !== 'MODULE_NOT_FOUND') {
        throw err
      }
    }

    // overwrite module.exports.native so that getter is never called again
    Object.defineProperty(module.exports, "native", ({
      value: native,
    }))

    return native
  },
}))


/***/ }),

/***/ 8942:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

const nodeUtils = __webpack_require__(9023)
// eslint-disable-next-line
var Native
// eslint-disable-next-line no-useless-catch
try {
  // Wrap this `require()` in a try-catch to avoid upstream bundlers from complaining that this might not be available since it is an optional import
  Native = __webpack_require__(4390)
} catch (e) {
  throw e
}
const TypeOverrides = __webpack_require__(365)
const EventEmitter = (__webpack_require__(4434).EventEmitter)
const util = __webpack_require__(9023)
const ConnectionParameters = __webpack_require__(646)

const NativeQuery = __webpack_require__(7581)

const queryQueueLengthDeprecationNotice = nodeUtils.deprecate(
  () => {},
  'Calling client.query() when the client is already executing a query is deprecated and will be removed in pg@9.0. Use async/await or an external async flow control mechanism instead.'
)

const Client = (module.exports = function (config) {
  EventEmitter.call(this)
  config = config || {}

  this._Promise = config.Promise || global.Promise
  this._types = new TypeOverrides(config.types)

  this.native = new Native({
    types: this._types,
  })

  this._queryQueue = []
  this._ending = false
  this._connecting = false
  this._connected = false
  this._queryable = true
  this.pipeline = Boolean(config.pipeline)
  this._pipelineInFlight = false

  // keep these on the object for legacy reasons
  // for the time being. TODO: deprecate all this jazz
  const cp = (this.connectionParameters = new ConnectionParameters(config))
  if (config.nativeConnectionString) cp.nativeConnectionString = config.nativeConnectionString
  this.user = cp.user

  // "hiding" the password so it doesn't show up in stack traces
  // or if the client is console.logged
  Object.defineProperty(this, 'password', {
    configurable: true,
    enumerable: false,
    writable: true,
    value: cp.password,
  })
  this.database = cp.database
  this.host = cp.host
  this.port = cp.port

  // a hash to hold named queries
  this.namedQueries = {}
})

Client.Query = NativeQuery

util.inherits(Client, EventEmitter)

Client.prototype._errorAllQueries = function (err) {
  const enqueueError = (query) => {
    process.nextTick(() => {
      query.native = this.native
      query.handleError(err)
    })
  }

  if (this._hasActiveQuery()) {
    enqueueError(this._activeQuery)
    this._activeQuery = null
  }

  this._queryQueue.forEach(enqueueError)
  this._queryQueue.length = 0
}

// connect to the backend
// pass an optional callback to be called once connected
// or with an error if there was a connection error
Client.prototype._connect = function (cb) {
  const self = this

  if (this._connecting) {
    process.nextTick(() => cb(new Error('Client has already been connected. You cannot reuse a client.')))
    return
  }

  this._connecting = true

  this.connectionParameters.getLibpqConnectionString(function (err, conString) {
    if (self.connectionParameters.nativeConnectionString) conString = self.connectionParameters.nativeConnectionString
    if (err) return cb(err)
    self.native.connect(conString, function (err) {
      if (err) {
        self.native.end()
        return cb(err)
      }

      // set internal states to connected
      self._connected = true

      // handle connection errors from the native layer
      self.native.on('error', function (err) {
        self._queryable = false
        self._errorAllQueries(err)
        self.emit('error', err)
      })

      self.native.on('notification', function (msg) {
        self.emit('notification', {
          channel: msg.relname,
          payload: msg.extra,
        })
      })

      // signal we are connected now
      self.emit('connect')
      self._pulseQueryQueue(true)

      cb(null, this)
    })
  })
}

Client.prototype.connect = function (callback) {
  if (callback) {
    this._connect(callback)
    return
  }

  return new this._Promise((resolve, reject) => {
    this._connect((error) => {
      if (error) {
        reject(error)
      } else {
        resolve(this)
      }
    })
  })
}

// send a query to the server
// this method is highly overloaded to take
// 1) string query, optional array of parameters, optional function callback
// 2) object query with {
//    string query
//    optional array values,
//    optional function callback instead of as a separate parameter
//    optional string name to name & cache the query plan
//    optional string rowMode = 'array' for an array of results
//  }
Client.prototype.query = function (config, values, callback) {
  let query
  let result
  let readTimeout
  let readTimeoutTimer
  let queryCallback

  if (config === null || config === undefined) {
    throw new TypeError('Client was passed a null or undefined query')
  } else if (typeof config.submit === 'function') {
    readTimeout = config.query_timeout || this.connectionParameters.query_timeout
    result = query = config
    // accept query(new Query(...), (err, res) => { }) style
    if (typeof values === 'function') {
      config.callback = values
    }
  } else {
    readTimeout = config.query_timeout || this.connectionParameters.query_timeout
    query = new NativeQuery(config, values, callback)
    if (!query.callback) {
      let resolveOut, rejectOut
      result = new this._Promise((resolve, reject) => {
        resolveOut = resolve
        rejectOut = reject
      }).catch((err) => {
        Error.captureStackTrace(err)
        throw err
      })
      query.callback = (err, res) => (err ? rejectOut(err) : resolveOut(res))
    }
  }

  if (readTimeout) {
    queryCallback = query.callback || (() => {})

    readTimeoutTimer = setTimeout(() => {
      const error = new Error('Query read timeout')

      process.nextTick(() => {
        query.handleError(error, this.connection)
      })

      queryCallback(error)

      // we already returned an error,
      // just do nothing if query completes
      query.callback = () => {}

      // Remove from queue
      const index = this._queryQueue.indexOf(query)
      if (index > -1) {
        this._queryQueue.splice(index, 1)
      }

      this._pulseQueryQueue()
    }, readTimeout)

    query.callback = (err, res) => {
      clearTimeout(readTimeoutTimer)
      queryCallback(err, res)
    }
  }

  if (!this._queryable) {
    query.native = this.native
    process.nextTick(() => {
      query.handleError(new Error('Client has encountered a connection error and is not queryable'))
    })
    return result
  }

  if (this._ending) {
    query.native = this.native
    process.nextTick(() => {
      query.handleError(new Error('Client was closed and is not queryable'))
    })
    return result
  }

  if (this._queryQueue.length > 0 && !this.pipeline) {
    queryQueueLengthDeprecationNotice()
  }

  this._queryQueue.push(query)
  this._pulseQueryQueue()
  return result
}

// disconnect from the backend server
Client.prototype.end = function (cb) {
  const self = this

  this._ending = true

  if (this._connecting && !this._connected) {
    this.once('connect', () => {
      this.end(() => {})
    })
  }
  let result
  if (!cb) {
    result = new this._Promise(function (resolve, reject) {
      cb = (err) => (err ? reject(err) : resolve())
    })
  }

  const doEnd = function () {
    self.native.end(function () {
      self._connected = false

      self._errorAllQueries(new Error('Connection terminated'))

      process.nextTick(() => {
        self.emit('end')
        if (cb) cb()
      })
    })
  }

  // If pipeline has in-flight or queued queries, wait for them to drain before closing
  if (this.pipeline && (this._pipelineInFlight || this._queryQueue.length > 0)) {
    this.once('drain', doEnd)
  } else {
    doEnd()
  }
  return result
}

Client.prototype._hasActiveQuery = function () {
  return this._activeQuery && this._activeQuery.state !== 'error' && this._activeQuery.state !== 'end'
}

Client.prototype._pulseQueryQueue = function (initialConnection) {
  if (!this._connected) {
    return
  }
  if (this.pipeline && !initialConnection) {
    return this._pulsePipelinedQueryQueue()
  }
  if (this._hasActiveQuery()) {
    return
  }
  const query = this._queryQueue.shift()
  if (!query) {
    if (!initialConnection) {
      this.emit('drain')
    }
    return
  }
  this._activeQuery = query
  query.submit(this)
  const self = this
  query.once('_done', function () {
    self._pulseQueryQueue()
  })
}

Client.prototype._pulsePipelinedQueryQueue = function () {
  if (!this._connected || this._pipelineInFlight) {
    return
  }
  if (this._queryQueue.length === 0) {
    if (this.hasExecuted) {
      this.emit('drain')
    }
    return
  }

  this._pipelineInFlight = true
  const self = this
  const queries = []
  const nativeQueries = []
  const utils = __webpack_require__(9652)

  while (this._queryQueue.length > 0) {
    const query = this._queryQueue.shift()
    this.hasExecuted = true
    nativeQueries.push(query)

    const values = query.values ? query.values.map(utils.prepareValue) : null
    const pipelineEntry = { text: query.text, name: query.name, arrayMode: query._arrayMode }
    if (values) {
      pipelineEntry.values = values
    }
    if (query.name && this.namedQueries[query.name]) {
      pipelineEntry._alreadyPrepared = true
    }
    queries.push(pipelineEntry)
  }

  this.native.pipeline(queries, function (err, results) {
    self._pipelineInFlight = false

    if (err) {
      // Total pipeline failure. Per-query errors arrive on results[i].err, so reaching here means
      // the connection itself is gone: mark it unusable and say so, the way the JS client and the
      // non-pipelined native path both do. Without this the client looks healthy after losing its
      // backend, a Pool never discards it, and everything routed to it fails one query at a time
      // for the life of the process.
      self._connected = false
      self._queryable = false
      for (let i = 0; i < nativeQueries.length; i++) {
        const q = nativeQueries[i]
        q.native = self.native
        q.handleError(err)
      }
      self._errorAllQueries(err)
      self.emit('error', err)
      self.emit('end')
      return
    }

    // Deliver results to each query
    for (let i = 0; i < nativeQueries.length; i++) {
      const q = nativeQueries[i]
      const r = results[i]
      q.native = self.native

      if (r.err) {
        q.handleError(r.err)
      } else {
        // Track named queries on success
        if (q.name) {
          self.namedQueries[q.name] = q.text
        }
        q.state = 'end'
        q.emit('end', r.result)
        if (q.callback) {
          q.callback(null, r.result)
        }
      }

      setImmediate(function () {
        q.emit('_done')
      })
    }

    // Process any queries that arrived while we were reading
    self._pulsePipelinedQueryQueue()
  })
}

// attempt to cancel an in-progress query
Client.prototype.cancel = function (query) {
  if (this._activeQuery === query) {
    this.native.cancel(function () {})
  } else if (this._queryQueue.indexOf(query) !== -1) {
    this._queryQueue.splice(this._queryQueue.indexOf(query), 1)
  }
}

Client.prototype.ref = function () {}
Client.prototype.unref = function () {}

Client.prototype.setTypeParser = function (oid, format, parseFn) {
  return this._types.setTypeParser(oid, format, parseFn)
}

Client.prototype.getTypeParser = function (oid, format) {
  return this._types.getTypeParser(oid, format)
}

Client.prototype.isConnected = function () {
  return this._connected
}

Client.prototype.getTransactionStatus = function () {
  return this.native.getTransactionStatus()
}


/***/ }),

/***/ 5301:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {


module.exports = __webpack_require__(8942)


/***/ }),

/***/ 7581:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const EventEmitter = (__webpack_require__(4434).EventEmitter)
const util = __webpack_require__(9023)
const utils = __webpack_require__(9652)

const NativeQuery = (module.exports = function (config, values, callback) {
  EventEmitter.call(this)
  config = utils.normalizeQueryConfig(config, values, callback)
  this.text = config.text
  this.values = config.values
  this.name = config.name
  this.queryMode = config.queryMode
  this.callback = config.callback
  this.state = 'new'
  this._arrayMode = config.rowMode === 'array'

  // if the 'row' event is listened for
  // then emit them as they come in
  // without setting singleRowMode to true
  // this has almost no meaning because libpq
  // reads all rows into memory before returning any
  this._emitRowEvents = false
  this.on(
    'newListener',
    function (event) {
      if (event === 'row') this._emitRowEvents = true
    }.bind(this)
  )
})

util.inherits(NativeQuery, EventEmitter)

const errorFieldMap = {
  sqlState: 'code',
  statementPosition: 'position',
  messagePrimary: 'message',
  messageDetail: 'detail',
  messageHint: 'hint',
  context: 'where',
  schemaName: 'schema',
  tableName: 'table',
  columnName: 'column',
  dataTypeName: 'dataType',
  constraintName: 'constraint',
  sourceFile: 'file',
  sourceLine: 'line',
  sourceFunction: 'routine',
}

NativeQuery.prototype.handleError = function (err) {
  // copy pq error fields into the error object
  const fields = this.native && this.native.pq.resultErrorFields()
  if (fields) {
    for (const key in fields) {
      const normalizedFieldName = errorFieldMap[key] || key
      err[normalizedFieldName] = fields[key]
    }
  }
  if (this.callback) {
    this.callback(err)
  } else {
    this.emit('error', err)
  }
  this.state = 'error'
}

NativeQuery.prototype.then = function (onSuccess, onFailure) {
  return this._getPromise().then(onSuccess, onFailure)
}

NativeQuery.prototype.catch = function (callback) {
  return this._getPromise().catch(callback)
}

NativeQuery.prototype._getPromise = function () {
  if (this._promise) return this._promise
  this._promise = new Promise(
    function (resolve, reject) {
      this._once('end', resolve)
      this._once('error', reject)
    }.bind(this)
  )
  return this._promise
}

NativeQuery.prototype.submit = function (client) {
  this.state = 'running'
  const self = this
  this.native = client.native
  client.native.arrayMode = this._arrayMode

  let after = function (err, rows, results) {
    client.native.arrayMode = false
    setImmediate(function () {
      self.emit('_done')
    })

    // handle possible query error
    if (err) {
      return self.handleError(err)
    }

    // emit row events for each row in the result
    if (self._emitRowEvents) {
      if (results.length > 1) {
        rows.forEach((rowOfRows, i) => {
          rowOfRows.forEach((row) => {
            self.emit('row', row, results[i])
          })
        })
      } else {
        rows.forEach(function (row) {
          self.emit('row', row, results)
        })
      }
    }

    // handle successful result
    self.state = 'end'
    self.emit('end', results)
    if (self.callback) {
      self.callback(null, results)
    }
  }

  if (process.domain) {
    after = process.domain.bind(after)
  }

  // named query
  if (this.name) {
    if (this.name.length > 63) {
      console.error('Warning! Postgres only supports 63 characters for query names.')
      console.error('You supplied %s (%s)', this.name, this.name.length)
      console.error('This can cause conflicts and silent errors executing queries')
    }
    const values = (this.values || []).map(utils.prepareValue)

    // check if the client has already executed this named query
    // if so...just execute it again - skip the planning phase
    if (client.namedQueries[this.name] !== undefined) {
      if (this.text && client.namedQueries[this.name] !== this.text) {
        const err = new Error(`Prepared statements must be unique - '${this.name}' was used for a different statement`)
        return after(err)
      }
      return client.native.execute(this.name, values, after)
    }
    // plan the named query the first time, then execute it
    return client.native.prepare(this.name, this.text, values.length, function (err) {
      if (err) return after(err)
      client.namedQueries[self.name] = self.text
      return self.native.execute(self.name, values, after)
    })
  } else if (this.values) {
    if (!Array.isArray(this.values)) {
      const err = new Error('Query values must be an array')
      return after(err)
    }
    const vals = this.values.map(utils.prepareValue)
    client.native.query(this.text, vals, after)
  } else if (this.queryMode === 'extended') {
    client.native.query(this.text, [], after)
  } else {
    client.native.query(this.text, after)
  }
}


/***/ }),

/***/ 4473:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const { EventEmitter } = __webpack_require__(4434)

const Result = __webpack_require__(8014)
const utils = __webpack_require__(9652)

class Query extends EventEmitter {
  constructor(config, values, callback) {
    super()

    config = utils.normalizeQueryConfig(config, values, callback)

    this.text = config.text
    this.values = config.values
    this.rows = config.rows
    this.types = config.types
    this.name = config.name
    this.queryMode = config.queryMode
    this.binary = config.binary
    // use unique portal name each time
    this.portal = config.portal || ''
    this.callback = config.callback
    this._rowMode = config.rowMode
    if (process.domain && config.callback) {
      this.callback = process.domain.bind(config.callback)
    }
    this._result = new Result(this._rowMode, this.types)

    // potential for multiple results
    this._results = this._result
    this._canceledDueToError = false
  }

  requiresPreparation() {
    if (this.queryMode === 'extended') {
      return true
    }

    // named queries must always be prepared
    if (this.name) {
      return true
    }
    // always prepare if there are max number of rows expected per
    // portal execution
    if (this.rows) {
      return true
    }
    // don't prepare empty text queries
    if (!this.text) {
      return false
    }
    // prepare if there are values
    if (!this.values) {
      return false
    }
    return this.values.length > 0
  }

  _checkForMultirow() {
    // if we already have a result with a command property
    // then we've already executed one query in a multi-statement simple query
    // turn our results into an array of results
    if (this._result.command) {
      if (!Array.isArray(this._results)) {
        this._results = [this._result]
      }
      this._result = new Result(this._rowMode, this._result._types)
      this._results.push(this._result)
    }
  }

  // associates row metadata from the supplied
  // message with this query object
  // metadata used when parsing row results
  handleRowDescription(msg) {
    this._checkForMultirow()
    this._result.addFields(msg.fields)
    this._accumulateRows = this.callback || !this.listeners('row').length
  }

  handleDataRow(msg) {
    let row

    if (this._canceledDueToError) {
      return
    }

    try {
      row = this._result.parseRow(msg.fields)
    } catch (err) {
      this._canceledDueToError = err
      return
    }

    this.emit('row', row, this._result)
    if (this._accumulateRows) {
      this._result.addRow(row)
    }
  }

  handleCommandComplete(msg, connection) {
    this._checkForMultirow()
    this._result.addCommandComplete(msg)
    // need to sync after each command complete of a prepared statement
    // if we were using a row count which results in multiple calls to _getRows
    if (this.rows) {
      connection.sync()
    }
  }

  // if a named prepared statement is created with empty query text
  // the backend will send an emptyQuery message but *not* a command complete message
  // since we pipeline sync immediately after execute we don't need to do anything here
  // unless we have rows specified, in which case we did not pipeline the initial sync call
  handleEmptyQuery(connection) {
    if (this.rows) {
      connection.sync()
    }
  }

  handleError(err, connection) {
    // need to sync after error during a prepared statement
    if (this._canceledDueToError) {
      err = this._canceledDueToError
      this._canceledDueToError = false
    }
    // if callback supplied do not emit error event as uncaught error
    // events will bubble up to node process
    if (this.callback) {
      return this.callback(err)
    }
    this.emit('error', err)
  }

  handleReadyForQuery(con) {
    if (this._canceledDueToError) {
      return this.handleError(this._canceledDueToError, con)
    }
    if (this.callback) {
      try {
        this.callback(null, this._results)
      } catch (err) {
        process.nextTick(() => {
          throw err
        })
      }
    }
    this.emit('end', this._results)
  }

  submit(connection) {
    if (typeof this.text !== 'string' && typeof this.name !== 'string') {
      return new Error('A query must have either text or a name. Supplying neither is unsupported.')
    }
    const previous = connection.parsedStatements[this.name] || connection.submittedNamedStatements[this.name]
    if (this.text && previous && this.text !== previous) {
      return new Error(`Prepared statements must be unique - '${this.name}' was used for a different statement`)
    }
    if (this.values && !Array.isArray(this.values)) {
      return new Error('Query values must be an array')
    }
    if (this.requiresPreparation()) {
      // If we're using the extended query protocol we fire off several separate commands
      // to the backend. On some versions of node & some operating system versions
      // the network stack writes each message separately instead of buffering them together
      // causing the client & network to send more slowly. Corking & uncorking the stream
      // allows node to buffer up the messages internally before sending them all off at once.
      // note: we're checking for existence of cork/uncork because some versions of streams
      // might not have this (cloudflare?)
      connection.stream.cork && connection.stream.cork()
      try {
        this.prepare(connection)
      } finally {
        // while unlikely for this.prepare to throw, if it does & we don't uncork this stream
        // this client becomes unresponsive, so put in finally block "just in case"
        connection.stream.uncork && connection.stream.uncork()
      }
    } else {
      connection.query(this.text)
    }
    return null
  }

  hasBeenParsed(connection) {
    return (
      this.name &&
      (connection.parsedStatements[this.name] !== undefined ||
        connection.submittedNamedStatements[this.name] !== undefined)
    )
  }

  handlePortalSuspended(connection) {
    this._getRows(connection, this.rows)
  }

  _getRows(connection, rows) {
    connection.execute({
      portal: this.portal,
      rows: rows,
    })
    // if we're not reading pages of rows send the sync command
    // to indicate the pipeline is finished
    if (!rows) {
      connection.sync()
    } else {
      // otherwise flush the call out to read more rows
      connection.flush()
    }
  }

  // http://developer.postgresql.org/pgdocs/postgres/protocol-flow.html#PROTOCOL-FLOW-EXT-QUERY
  prepare(connection) {
    // TODO refactor this poor encapsulation
    if (!this.hasBeenParsed(connection)) {
      connection.parse({
        text: this.text,
        name: this.name,
        types: this.types,
      })
      if (this.name) {
        connection.submittedNamedStatements[this.name] = this.text
      }
    }

    // because we're mapping user supplied values to
    // postgres wire protocol compatible values it could
    // throw an exception, so try/catch this section
    try {
      connection.bind({
        portal: this.portal,
        statement: this.name,
        values: this.values,
        binary: this.binary,
        valueMapper: utils.prepareValue,
      })
    } catch (err) {
      // we should close parse to avoid leaking connections
      connection.close({ type: 'S', name: this.name })
      connection.sync()

      this.handleError(err, connection)
      return
    }

    connection.describe({
      type: 'P',
      name: this.portal || '',
    })

    this._getRows(connection, this.rows)
  }

  handleCopyInResponse(connection) {
    connection.sendCopyFail('No source stream defined')
  }

  handleCopyData(msg, connection) {
    // noop
  }
}

module.exports = Query


/***/ }),

/***/ 8014:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const types = __webpack_require__(1549)

const matchRegexp = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/

// result object returned from query
// in the 'end' event and also
// passed as second argument to provided callback
class Result {
  constructor(rowMode, types) {
    this.command = null
    this.rowCount = null
    this.oid = null
    this.rows = []
    this.fields = []
    this._parsers = undefined
    this._types = types
    this.RowCtor = null
    this.rowAsArray = rowMode === 'array'
    if (this.rowAsArray) {
      this.parseRow = this._parseRowAsArray
    }
    this._prebuiltEmptyResultObject = null
  }

  // adds a command complete message
  addCommandComplete(msg) {
    let match
    if (msg.text) {
      // pure javascript
      match = matchRegexp.exec(msg.text)
    } else {
      // native bindings
      match = matchRegexp.exec(msg.command)
    }
    if (match) {
      this.command = match[1]
      if (match[3]) {
        // COMMAND OID ROWS
        this.oid = parseInt(match[2], 10)
        this.rowCount = parseInt(match[3], 10)
      } else if (match[2]) {
        // COMMAND ROWS
        this.rowCount = parseInt(match[2], 10)
      }
    }
  }

  _parseRowAsArray(rowData) {
    const row = new Array(rowData.length)
    for (let i = 0, len = rowData.length; i < len; i++) {
      const rawValue = rowData[i]
      if (rawValue !== null) {
        row[i] = this._parsers[i](rawValue)
      } else {
        row[i] = null
      }
    }
    return row
  }

  parseRow(rowData) {
    const row = { ...this._prebuiltEmptyResultObject }
    for (let i = 0, len = rowData.length; i < len; i++) {
      const rawValue = rowData[i]
      const field = this.fields[i].name
      if (rawValue !== null) {
        const v = this.fields[i].format === 'binary' ? Buffer.from(rawValue) : rawValue
        row[field] = this._parsers[i](v)
      } else {
        row[field] = null
      }
    }
    return row
  }

  addRow(row) {
    this.rows.push(row)
  }

  addFields(fieldDescriptions) {
    // clears field definitions
    // multiple query statements in 1 action can result in multiple sets
    // of rowDescriptions...eg: 'select NOW(); select 1::int;'
    // you need to reset the fields
    this.fields = fieldDescriptions
    if (this.fields.length) {
      this._parsers = new Array(fieldDescriptions.length)
    }

    const row = Object.create(null)

    for (let i = 0; i < fieldDescriptions.length; i++) {
      const desc = fieldDescriptions[i]
      row[desc.name] = null

      if (this._types) {
        this._parsers[i] = this._types.getTypeParser(desc.dataTypeID, desc.format || 'text')
      } else {
        this._parsers[i] = types.getTypeParser(desc.dataTypeID, desc.format || 'text')
      }
    }

    this._prebuiltEmptyResultObject = { ...row }
  }
}

module.exports = Result


/***/ }),

/***/ 829:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

const { getStream, getSecureStream } = getStreamFuncs()

module.exports = {
  /**
   * Get a socket stream compatible with the current runtime environment.
   * @returns {Duplex}
   */
  getStream,
  /**
   * Get a TLS secured socket, compatible with the current environment,
   * using the socket and other settings given in `options`.
   * @returns {Duplex}
   */
  getSecureStream,
}

/**
 * The stream functions that work in Node.js
 */
function getNodejsStreamFuncs() {
  function getStream(ssl) {
    const net = __webpack_require__(9278)
    return new net.Socket()
  }

  function getSecureStream(options) {
    const tls = __webpack_require__(4756)
    return tls.connect(options)
  }
  return {
    getStream,
    getSecureStream,
  }
}

/**
 * The stream functions that work in Cloudflare Workers
 */
function getCloudflareStreamFuncs() {
  function getStream(ssl) {
    const { CloudflareSocket } = __webpack_require__(785)
    return new CloudflareSocket(ssl)
  }

  function getSecureStream(options) {
    options.socket.startTls(options)
    return options.socket
  }
  return {
    getStream,
    getSecureStream,
  }
}

/**
 * Are we running in a Cloudflare Worker?
 *
 * @returns true if the code is currently running inside a Cloudflare Worker.
 */
function isCloudflareRuntime() {
  // Since 2022-03-21 the `global_navigator` compatibility flag is on for Cloudflare Workers
  // which means that `navigator.userAgent` will be defined.
  // eslint-disable-next-line no-undef
  if (typeof navigator === 'object' && navigator !== null && typeof navigator.userAgent === 'string') {
    // eslint-disable-next-line no-undef
    return navigator.userAgent === 'Cloudflare-Workers'
  }
  // In case `navigator` or `navigator.userAgent` is not defined then try a more sneaky approach
  if (typeof Response === 'function') {
    const resp = new Response(null, { cf: { thing: true } })
    if (typeof resp.cf === 'object' && resp.cf !== null && resp.cf.thing) {
      return true
    }
  }
  return false
}

function getStreamFuncs() {
  if (isCloudflareRuntime()) {
    return getCloudflareStreamFuncs()
  }
  return getNodejsStreamFuncs()
}


/***/ }),

/***/ 365:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const types = __webpack_require__(1549)

function TypeOverrides(userTypes) {
  this._types = userTypes || types
  this.text = {}
  this.binary = {}
}

TypeOverrides.prototype.getOverrides = function (format) {
  switch (format) {
    case 'text':
      return this.text
    case 'binary':
      return this.binary
    default:
      return {}
  }
}

TypeOverrides.prototype.setTypeParser = function (oid, format, parseFn) {
  if (typeof format === 'function') {
    parseFn = format
    format = 'text'
  }
  this.getOverrides(format)[oid] = parseFn
}

TypeOverrides.prototype.getTypeParser = function (oid, format) {
  format = format || 'text'
  return this.getOverrides(format)[oid] || this._types.getTypeParser(oid, format)
}

module.exports = TypeOverrides


/***/ }),

/***/ 9652:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const defaults = __webpack_require__(8995)
const nodeUtils = __webpack_require__(9023)

const { isDate } = __webpack_require__(8253)

const invalidDateDeprecationNotice = nodeUtils.deprecate(
  () => {},
  'Sending an invalid date to Postgres is deprecated and will throw an error in the next major version of pg. Ensure any Date object passed as a query parameter is valid.',
  'PG_INVALID_DATE'
)

function escapeElement(elementRepresentation) {
  const escaped = elementRepresentation.replace(/\\/g, '\\\\').replace(/"/g, '\\"')

  return '"' + escaped + '"'
}

// convert a JS array to a postgres array literal
// uses comma separator so won't work for types like box that use
// a different array separator.
function arrayString(val) {
  let result = '{'
  for (let i = 0; i < val.length; i++) {
    if (i > 0) {
      result += ','
    }
    let item = val[i]
    if (item == null) {
      result += 'NULL'
    } else if (Array.isArray(item)) {
      result += arrayString(item)
    } else if (ArrayBuffer.isView(item)) {
      if (!(item instanceof Buffer)) {
        item = Buffer.from(item.buffer, item.byteOffset, item.byteLength)
      }
      result += '\\\\x' + item.toString('hex')
    } else {
      result += escapeElement(prepareValue(item))
    }
  }
  result += '}'
  return result
}

// converts values from javascript types
// to their 'raw' counterparts for use as a postgres parameter
// note: you can override this function to provide your own conversion mechanism
// for complex types, etc...
const prepareValue = function (val, seen) {
  // null and undefined are both null for postgres
  if (val == null) {
    return null
  }
  if (typeof val === 'object') {
    if (val instanceof Buffer) {
      return val
    }
    if (ArrayBuffer.isView(val)) {
      return Buffer.from(val.buffer, val.byteOffset, val.byteLength)
    }
    if (isDate(val)) {
      if (isNaN(val.getTime())) {
        invalidDateDeprecationNotice()
      }
      if (defaults.parseInputDatesAsUTC) {
        return dateToStringUTC(val)
      } else {
        return dateToString(val)
      }
    }
    if (Array.isArray(val)) {
      return arrayString(val)
    }

    return prepareObject(val, seen)
  }
  return val.toString()
}

function prepareObject(val, seen) {
  if (val && typeof val.toPostgres === 'function') {
    seen = seen || []
    if (seen.indexOf(val) !== -1) {
      throw new Error('circular reference detected while preparing "' + val + '" for query')
    }
    seen.push(val)

    return prepareValue(val.toPostgres(prepareValue), seen)
  }
  return JSON.stringify(val)
}

function dateToString(date) {
  let offset = -date.getTimezoneOffset()

  let year = date.getFullYear()
  const isBCYear = year < 1
  if (isBCYear) year = Math.abs(year) + 1 // negative years are 1 off their BC representation

  let ret =
    String(year).padStart(4, '0') +
    '-' +
    String(date.getMonth() + 1).padStart(2, '0') +
    '-' +
    String(date.getDate()).padStart(2, '0') +
    'T' +
    String(date.getHours()).padStart(2, '0') +
    ':' +
    String(date.getMinutes()).padStart(2, '0') +
    ':' +
    String(date.getSeconds()).padStart(2, '0') +
    '.' +
    String(date.getMilliseconds()).padStart(3, '0')

  if (offset < 0) {
    ret += '-'
    offset *= -1
  } else {
    ret += '+'
  }

  ret += String(Math.floor(offset / 60)).padStart(2, '0') + ':' + String(offset % 60).padStart(2, '0')
  if (isBCYear) ret += ' BC'
  return ret
}

function dateToStringUTC(date) {
  let year = date.getUTCFullYear()
  const isBCYear = year < 1
  if (isBCYear) year = Math.abs(year) + 1 // negative years are 1 off their BC representation

  let ret =
    String(year).padStart(4, '0') +
    '-' +
    String(date.getUTCMonth() + 1).padStart(2, '0') +
    '-' +
    String(date.getUTCDate()).padStart(2, '0') +
    'T' +
    String(date.getUTCHours()).padStart(2, '0') +
    ':' +
    String(date.getUTCMinutes()).padStart(2, '0') +
    ':' +
    String(date.getUTCSeconds()).padStart(2, '0') +
    '.' +
    String(date.getUTCMilliseconds()).padStart(3, '0')

  ret += '+00:00'
  if (isBCYear) ret += ' BC'
  return ret
}

function normalizeQueryConfig(config, values, callback) {
  // can take in strings or config objects
  // Copy config so normalization does not mutate the caller's object.
  config = typeof config === 'string' ? { text: config } : cloneQueryConfig(config)
  if (values) {
    if (typeof values === 'function') {
      config.callback = values
    } else {
      config.values = values
    }
  }
  if (callback) {
    config.callback = callback
  }
  return config
}

function cloneQueryConfig(config) {
  if (config == null) {
    return config
  }
  return Object.defineProperties(Object.create(Object.getPrototypeOf(config)), Object.getOwnPropertyDescriptors(config))
}

// Ported from PostgreSQL 9.2.4 source code in src/interfaces/libpq/fe-exec.c
const escapeIdentifier = function (str) {
  return '"' + str.replace(/"/g, '""') + '"'
}

const escapeLiteral = function (str) {
  let hasBackslash = false
  let escaped = "'"

  if (str == null) {
    return "''"
  }

  if (typeof str !== 'string') {
    return "''"
  }

  for (let i = 0; i < str.length; i++) {
    const c = str[i]
    if (c === "'") {
      escaped += c + c
    } else if (c === '\\') {
      escaped += c + c
      hasBackslash = true
    } else {
      escaped += c
    }
  }

  escaped += "'"

  if (hasBackslash === true) {
    escaped = ' E' + escaped
  }

  return escaped
}

module.exports = {
  prepareValue: function prepareValueWrapper(value) {
    // this ensures that extra arguments do not get passed into prepareValue
    // by accident, eg: from calling values.map(utils.prepareValue)
    return prepareValue(value)
  },
  normalizeQueryConfig,
  escapeIdentifier,
  escapeLiteral,
}


/***/ }),

/***/ 8702:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



var path = __webpack_require__(6928)
  , Stream = (__webpack_require__(2203).Stream)
  , split = __webpack_require__(5286)
  , util = __webpack_require__(9023)
  , defaultPort = 5432
  , isWin = (process.platform === 'win32')
  , warnStream = process.stderr
;


var S_IRWXG = 56     //    00070(8)
  , S_IRWXO = 7      //    00007(8)
  , S_IFMT  = 61440  // 00170000(8)
  , S_IFREG = 32768  //  0100000(8)
;
function isRegFile(mode) {
    return ((mode & S_IFMT) == S_IFREG);
}

var fieldNames = [ 'host', 'port', 'database', 'user', 'password' ];
var nrOfFields = fieldNames.length;
var passKey = fieldNames[ nrOfFields -1 ];


function warn() {
    var isWritable = (
        warnStream instanceof Stream &&
          true === warnStream.writable
    );

    if (isWritable) {
        var args = Array.prototype.slice.call(arguments).concat("\n");
        warnStream.write( util.format.apply(util, args) );
    }
}


Object.defineProperty(module.exports, "isWin", ({
    get : function() {
        return isWin;
    } ,
    set : function(val) {
        isWin = val;
    }
}));


module.exports.warnTo = function(stream) {
    var old = warnStream;
    warnStream = stream;
    return old;
};

module.exports.getFileName = function(rawEnv){
    var env = rawEnv || process.env;
    var file = env.PGPASSFILE || (
        isWin ?
          path.join( env.APPDATA || './' , 'postgresql', 'pgpass.conf' ) :
          path.join( env.HOME || './', '.pgpass' )
    );
    return file;
};

module.exports.usePgPass = function(stats, fname) {
    if (Object.prototype.hasOwnProperty.call(process.env, 'PGPASSWORD')) {
        return false;
    }

    if (isWin) {
        return true;
    }

    fname = fname || '<unkn>';

    if (! isRegFile(stats.mode)) {
        warn('WARNING: password file "%s" is not a plain file', fname);
        return false;
    }

    if (stats.mode & (S_IRWXG | S_IRWXO)) {
        /* If password file is insecure, alert the user and ignore it. */
        warn('WARNING: password file "%s" has group or world access; permissions should be u=rw (0600) or less', fname);
        return false;
    }

    return true;
};


var matcher = module.exports.match = function(connInfo, entry) {
    return fieldNames.slice(0, -1).reduce(function(prev, field, idx){
        if (idx == 1) {
            // the port
            if ( Number( connInfo[field] || defaultPort ) === Number( entry[field] ) ) {
                return prev && true;
            }
        }
        return prev && (
            entry[field] === '*' ||
              entry[field] === connInfo[field]
        );
    }, true);
};


module.exports.getPassword = function(connInfo, stream, cb) {
    var pass;
    var lineStream = stream.pipe(split());

    function onLine(line) {
        var entry = parseLine(line);
        if (entry && isValidEntry(entry) && matcher(connInfo, entry)) {
            pass = entry[passKey];
            lineStream.end(); // -> calls onEnd(), but pass is set now
        }
    }

    var onEnd = function() {
        stream.destroy();
        cb(pass);
    };

    var onErr = function(err) {
        stream.destroy();
        warn('WARNING: error on reading file: %s', err);
        cb(undefined);
    };

    stream.on('error', onErr);
    lineStream
        .on('data', onLine)
        .on('end', onEnd)
        .on('error', onErr)
    ;

};


var parseLine = module.exports.parseLine = function(line) {
    if (line.length < 11 || line.match(/^\s+#/)) {
        return null;
    }

    var curChar = '';
    var prevChar = '';
    var fieldIdx = 0;
    var startIdx = 0;
    var endIdx = 0;
    var obj = {};
    var isLastField = false;
    var addToObj = function(idx, i0, i1) {
        var field = line.substring(i0, i1);

        if (! Object.hasOwnProperty.call(process.env, 'PGPASS_NO_DEESCAPE')) {
            field = field.replace(/\\([:\\])/g, '$1');
        }

        obj[ fieldNames[idx] ] = field;
    };

    for (var i = 0 ; i < line.length-1 ; i += 1) {
        curChar = line.charAt(i+1);
        prevChar = line.charAt(i);

        isLastField = (fieldIdx == nrOfFields-1);

        if (isLastField) {
            addToObj(fieldIdx, startIdx);
            break;
        }

        if (i >= 0 && curChar == ':' && prevChar !== '\\') {
            addToObj(fieldIdx, startIdx, i+1);

            startIdx = i+2;
            fieldIdx += 1;
        }
    }

    obj = ( Object.keys(obj).length === nrOfFields ) ? obj : null;

    return obj;
};


var isValidEntry = module.exports.isValidEntry = function(entry){
    var rules = {
        // host
        0 : function(x){
            return x.length > 0;
        } ,
        // port
        1 : function(x){
            if (x === '*') {
                return true;
            }
            x = Number(x);
            return (
                isFinite(x) &&
                  x > 0 &&
                  x < 9007199254740992 &&
                  Math.floor(x) === x
            );
        } ,
        // database
        2 : function(x){
            return x.length > 0;
        } ,
        // username
        3 : function(x){
            return x.length > 0;
        } ,
        // password
        4 : function(x){
            return x.length > 0;
        }
    };

    for (var idx = 0 ; idx < fieldNames.length ; idx += 1) {
        var rule = rules[idx];
        var value = entry[ fieldNames[idx] ] || '';

        var res = rule(value);
        if (!res) {
            return false;
        }
    }

    return true;
};



/***/ }),

/***/ 3272:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



var path = __webpack_require__(6928)
  , fs = __webpack_require__(9896)
  , helper = __webpack_require__(8702)
;


module.exports = function(connInfo, cb) {
    var file = helper.getFileName();
    
    fs.stat(file, function(err, stat){
        if (err || !helper.usePgPass(stat, file)) {
            return cb(undefined);
        }

        var st = fs.createReadStream(file);

        helper.getPassword(connInfo, st, cb);
    });
};

module.exports.warnTo = helper.warnTo;


/***/ }),

/***/ 3879:
/***/ ((__unused_webpack_module, exports) => {



exports.parse = function (source, transform) {
  return new ArrayParser(source, transform).parse()
}

class ArrayParser {
  constructor (source, transform) {
    this.source = source
    this.transform = transform || identity
    this.position = 0
    this.entries = []
    this.recorded = []
    this.dimension = 0
  }

  isEof () {
    return this.position >= this.source.length
  }

  nextCharacter () {
    var character = this.source[this.position++]
    if (character === '\\') {
      return {
        value: this.source[this.position++],
        escaped: true
      }
    }
    return {
      value: character,
      escaped: false
    }
  }

  record (character) {
    this.recorded.push(character)
  }

  newEntry (includeEmpty) {
    var entry
    if (this.recorded.length > 0 || includeEmpty) {
      entry = this.recorded.join('')
      if (entry === 'NULL' && !includeEmpty) {
        entry = null
      }
      if (entry !== null) entry = this.transform(entry)
      this.entries.push(entry)
      this.recorded = []
    }
  }

  consumeDimensions () {
    if (this.source[0] === '[') {
      while (!this.isEof()) {
        var char = this.nextCharacter()
        if (char.value === '=') break
      }
    }
  }

  parse (nested) {
    var character, parser, quote
    this.consumeDimensions()
    while (!this.isEof()) {
      character = this.nextCharacter()
      if (character.value === '{' && !quote) {
        this.dimension++
        if (this.dimension > 1) {
          parser = new ArrayParser(this.source.substr(this.position - 1), this.transform)
          this.entries.push(parser.parse(true))
          this.position += parser.position - 2
        }
      } else if (character.value === '}' && !quote) {
        this.dimension--
        if (!this.dimension) {
          this.newEntry()
          if (nested) return this.entries
        }
      } else if (character.value === '"' && !character.escaped) {
        if (quote) this.newEntry(true)
        quote = !quote
      } else if (character.value === ',' && !quote) {
        this.newEntry()
      } else {
        this.record(character.value)
      }
    }
    if (this.dimension !== 0) {
      throw new Error('array dimension not balanced')
    }
    return this.entries
  }
}

function identity (value) {
  return value
}


/***/ }),

/***/ 463:
/***/ ((module) => {



var bufferFrom = Buffer.from || Buffer

module.exports = function parseBytea (input) {
  if (/^\\x/.test(input)) {
    // new 'hex' style response (pg >9.0)
    return bufferFrom(input.substr(2), 'hex')
  }
  var output = ''
  var i = 0
  while (i < input.length) {
    if (input[i] !== '\\') {
      output += input[i]
      ++i
    } else {
      if (/[0-7]{3}/.test(input.substr(i + 1, 3))) {
        output += String.fromCharCode(parseInt(input.substr(i + 1, 3), 8))
        i += 4
      } else {
        var backslashes = 1
        while (i + backslashes < input.length && input[i + backslashes] === '\\') {
          backslashes++
        }
        for (var k = 0; k < Math.floor(backslashes / 2); ++k) {
          output += '\\'
        }
        i += Math.floor(backslashes / 2) * 2
      }
    }
  }
  return bufferFrom(output, 'binary')
}


/***/ }),

/***/ 2690:
/***/ ((module) => {



var DATE_TIME = /(\d{1,})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,})?.*?( BC)?$/
var DATE = /^(\d{1,})-(\d{2})-(\d{2})( BC)?$/
var TIME_ZONE = /([Z+-])(\d{2})?:?(\d{2})?:?(\d{2})?/
var INFINITY = /^-?infinity$/

module.exports = function parseDate (isoDate) {
  if (INFINITY.test(isoDate)) {
    // Capitalize to Infinity before passing to Number
    return Number(isoDate.replace('i', 'I'))
  }
  var matches = DATE_TIME.exec(isoDate)

  if (!matches) {
    // Force YYYY-MM-DD dates to be parsed as local time
    return getDate(isoDate) || null
  }

  var isBC = !!matches[8]
  var year = parseInt(matches[1], 10)
  if (isBC) {
    year = bcYearToNegativeYear(year)
  }

  var month = parseInt(matches[2], 10) - 1
  var day = matches[3]
  var hour = parseInt(matches[4], 10)
  var minute = parseInt(matches[5], 10)
  var second = parseInt(matches[6], 10)

  var ms = matches[7]
  ms = ms ? 1000 * parseFloat(ms) : 0

  var date
  var offset = timeZoneOffset(isoDate)
  if (offset != null) {
    date = new Date(Date.UTC(year, month, day, hour, minute, second, ms))

    // Account for years from 0 to 99 being interpreted as 1900-1999
    // by Date.UTC / the multi-argument form of the Date constructor
    if (is0To99(year)) {
      date.setUTCFullYear(year)
    }

    if (offset !== 0) {
      date.setTime(date.getTime() - offset)
    }
  } else {
    date = new Date(year, month, day, hour, minute, second, ms)

    if (is0To99(year)) {
      date.setFullYear(year)
    }
  }

  return date
}

function getDate (isoDate) {
  var matches = DATE.exec(isoDate)
  if (!matches) {
    return
  }

  var year = parseInt(matches[1], 10)
  var isBC = !!matches[4]
  if (isBC) {
    year = bcYearToNegativeYear(year)
  }

  var month = parseInt(matches[2], 10) - 1
  var day = matches[3]
  // YYYY-MM-DD will be parsed as local time
  var date = new Date(year, month, day)

  if (is0To99(year)) {
    date.setFullYear(year)
  }

  return date
}

// match timezones:
// Z (UTC)
// -05
// +06:30
function timeZoneOffset (isoDate) {
  if (isoDate.endsWith('+00')) {
    return 0
  }

  var zone = TIME_ZONE.exec(isoDate.split(' ')[1])
  if (!zone) return
  var type = zone[1]

  if (type === 'Z') {
    return 0
  }
  var sign = type === '-' ? -1 : 1
  var offset = parseInt(zone[2], 10) * 3600 +
    parseInt(zone[3] || 0, 10) * 60 +
    parseInt(zone[4] || 0, 10)

  return offset * sign * 1000
}

function bcYearToNegativeYear (year) {
  // Account for numerical difference between representations of BC years
  // See: https://github.com/bendrucker/postgres-date/issues/5
  return -(year - 1)
}

function is0To99 (num) {
  return num >= 0 && num < 100
}


/***/ }),

/***/ 8755:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



var extend = __webpack_require__(223)

module.exports = PostgresInterval

function PostgresInterval (raw) {
  if (!(this instanceof PostgresInterval)) {
    return new PostgresInterval(raw)
  }
  extend(this, parse(raw))
}
var properties = ['seconds', 'minutes', 'hours', 'days', 'months', 'years']
PostgresInterval.prototype.toPostgres = function () {
  var filtered = properties.filter(this.hasOwnProperty, this)

  // In addition to `properties`, we need to account for fractions of seconds.
  if (this.milliseconds && filtered.indexOf('seconds') < 0) {
    filtered.push('seconds')
  }

  if (filtered.length === 0) return '0'
  return filtered
    .map(function (property) {
      var value = this[property] || 0

      // Account for fractional part of seconds,
      // remove trailing zeroes.
      if (property === 'seconds' && this.milliseconds) {
        value = (value + this.milliseconds / 1000).toFixed(6).replace(/\.?0+$/, '')
      }

      return value + ' ' + property
    }, this)
    .join(' ')
}

var propertiesISOEquivalent = {
  years: 'Y',
  months: 'M',
  days: 'D',
  hours: 'H',
  minutes: 'M',
  seconds: 'S'
}
var dateProperties = ['years', 'months', 'days']
var timeProperties = ['hours', 'minutes', 'seconds']
// according to ISO 8601
PostgresInterval.prototype.toISOString = PostgresInterval.prototype.toISO = function () {
  var datePart = dateProperties
    .map(buildProperty, this)
    .join('')

  var timePart = timeProperties
    .map(buildProperty, this)
    .join('')

  return 'P' + datePart + 'T' + timePart

  function buildProperty (property) {
    var value = this[property] || 0

    // Account for fractional part of seconds,
    // remove trailing zeroes.
    if (property === 'seconds' && this.milliseconds) {
      value = (value + this.milliseconds / 1000).toFixed(6).replace(/0+$/, '')
    }

    return value + propertiesISOEquivalent[property]
  }
}

var NUMBER = '([+-]?\\d+)'
var YEAR = NUMBER + '\\s+years?'
var MONTH = NUMBER + '\\s+mons?'
var DAY = NUMBER + '\\s+days?'
var TIME = '([+-])?([\\d]*):(\\d\\d):(\\d\\d)\\.?(\\d{1,6})?'
var INTERVAL = new RegExp([YEAR, MONTH, DAY, TIME].map(function (regexString) {
  return '(' + regexString + ')?'
})
  .join('\\s*'))

// Positions of values in regex match
var positions = {
  years: 2,
  months: 4,
  days: 6,
  hours: 9,
  minutes: 10,
  seconds: 11,
  milliseconds: 12
}
// We can use negative time
var negatives = ['hours', 'minutes', 'seconds', 'milliseconds']

function parseMilliseconds (fraction) {
  // add omitted zeroes
  var microseconds = fraction + '000000'.slice(fraction.length)
  return parseInt(microseconds, 10) / 1000
}

function parse (interval) {
  if (!interval) return {}
  var matches = INTERVAL.exec(interval)
  var isNegative = matches[8] === '-'
  return Object.keys(positions)
    .reduce(function (parsed, property) {
      var position = positions[property]
      var value = matches[position]
      // no empty string
      if (!value) return parsed
      // milliseconds are actually microseconds (up to 6 digits)
      // with omitted trailing zeroes.
      value = property === 'milliseconds'
        ? parseMilliseconds(value)
        : parseInt(value, 10)
      // no zeros
      if (!value) return parsed
      if (isNegative && ~negatives.indexOf(property)) {
        value *= -1
      }
      parsed[property] = value
      return parsed
    }, {})
}


/***/ }),

/***/ 5286:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

/*
Copyright (c) 2014-2021, Matteo Collina <hello@matteocollina.com>

Permission to use, copy, modify, and/or distribute this software for any
purpose with or without fee is hereby granted, provided that the above
copyright notice and this permission notice appear in all copies.

THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF OR
IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
*/



const { Transform } = __webpack_require__(2203)
const { StringDecoder } = __webpack_require__(3193)
const kLast = Symbol('last')
const kDecoder = Symbol('decoder')

function transform (chunk, enc, cb) {
  let list
  if (this.overflow) { // Line buffer is full. Skip to start of next line.
    const buf = this[kDecoder].write(chunk)
    list = buf.split(this.matcher)

    if (list.length === 1) return cb() // Line ending not found. Discard entire chunk.

    // Line ending found. Discard trailing fragment of previous line and reset overflow state.
    list.shift()
    this.overflow = false
  } else {
    this[kLast] += this[kDecoder].write(chunk)
    list = this[kLast].split(this.matcher)
  }

  this[kLast] = list.pop()

  for (let i = 0; i < list.length; i++) {
    try {
      push(this, this.mapper(list[i]))
    } catch (error) {
      return cb(error)
    }
  }

  this.overflow = this[kLast].length > this.maxLength
  if (this.overflow && !this.skipOverflow) {
    cb(new Error('maximum buffer reached'))
    return
  }

  cb()
}

function flush (cb) {
  // forward any gibberish left in there
  this[kLast] += this[kDecoder].end()

  if (this[kLast]) {
    try {
      push(this, this.mapper(this[kLast]))
    } catch (error) {
      return cb(error)
    }
  }

  cb()
}

function push (self, val) {
  if (val !== undefined) {
    self.push(val)
  }
}

function noop (incoming) {
  return incoming
}

function split (matcher, mapper, options) {
  // Set defaults for any arguments not supplied.
  matcher = matcher || /\r?\n/
  mapper = mapper || noop
  options = options || {}

  // Test arguments explicitly.
  switch (arguments.length) {
    case 1:
      // If mapper is only argument.
      if (typeof matcher === 'function') {
        mapper = matcher
        matcher = /\r?\n/
      // If options is only argument.
      } else if (typeof matcher === 'object' && !(matcher instanceof RegExp) && !matcher[Symbol.split]) {
        options = matcher
        matcher = /\r?\n/
      }
      break

    case 2:
      // If mapper and options are arguments.
      if (typeof matcher === 'function') {
        options = mapper
        mapper = matcher
        matcher = /\r?\n/
      // If matcher and options are arguments.
      } else if (typeof mapper === 'object') {
        options = mapper
        mapper = noop
      }
  }

  options = Object.assign({}, options)
  options.autoDestroy = true
  options.transform = transform
  options.flush = flush
  options.readableObjectMode = true

  const stream = new Transform(options)

  stream[kLast] = ''
  stream[kDecoder] = new StringDecoder('utf8')
  stream.matcher = matcher
  stream.mapper = mapper
  stream.maxLength = options.maxLength
  stream.skipOverflow = options.skipOverflow || false
  stream.overflow = false
  stream._destroy = function (err, cb) {
    // Weird Node v12 bug that we need to work around
    this._writableState.errorEmitted = false
    cb(err)
  }

  return stream
}

module.exports = split


/***/ }),

/***/ 1860:
/***/ ((module) => {

/******************************************************************************
Copyright (c) Microsoft Corporation.

Permission to use, copy, modify, and/or distribute this software for any
purpose with or without fee is hereby granted.

THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES WITH
REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF MERCHANTABILITY
AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR ANY SPECIAL, DIRECT,
INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES WHATSOEVER RESULTING FROM
LOSS OF USE, DATA OR PROFITS, WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR
OTHER TORTIOUS ACTION, ARISING OUT OF OR IN CONNECTION WITH THE USE OR
PERFORMANCE OF THIS SOFTWARE.
***************************************************************************** */
/* global global, define, Symbol, Reflect, Promise, SuppressedError, Iterator */
var __extends;
var __assign;
var __rest;
var __decorate;
var __param;
var __esDecorate;
var __runInitializers;
var __propKey;
var __setFunctionName;
var __metadata;
var __awaiter;
var __generator;
var __exportStar;
var __values;
var __read;
var __spread;
var __spreadArrays;
var __spreadArray;
var __await;
var __asyncGenerator;
var __asyncDelegator;
var __asyncValues;
var __makeTemplateObject;
var __importStar;
var __importDefault;
var __classPrivateFieldGet;
var __classPrivateFieldSet;
var __classPrivateFieldIn;
var __createBinding;
var __addDisposableResource;
var __disposeResources;
var __rewriteRelativeImportExtension;
(function (factory) {
    var root = typeof global === "object" ? global : typeof self === "object" ? self : typeof this === "object" ? this : {};
    if (typeof define === "function" && define.amd) {
        define("tslib", ["exports"], function (exports) { factory(createExporter(root, createExporter(exports))); });
    }
    else if ( true && typeof module.exports === "object") {
        factory(createExporter(root, createExporter(module.exports)));
    }
    else {
        factory(createExporter(root));
    }
    function createExporter(exports, previous) {
        if (exports !== root) {
            if (typeof Object.create === "function") {
                Object.defineProperty(exports, "__esModule", { value: true });
            }
            else {
                exports.__esModule = true;
            }
        }
        return function (id, v) { return exports[id] = previous ? previous(id, v) : v; };
    }
})
(function (exporter) {
    var extendStatics = Object.setPrototypeOf ||
        ({ __proto__: [] } instanceof Array && function (d, b) { d.__proto__ = b; }) ||
        function (d, b) { for (var p in b) if (Object.prototype.hasOwnProperty.call(b, p)) d[p] = b[p]; };

    __extends = function (d, b) {
        if (typeof b !== "function" && b !== null)
            throw new TypeError("Class extends value " + String(b) + " is not a constructor or null");
        extendStatics(d, b);
        function __() { this.constructor = d; }
        d.prototype = b === null ? Object.create(b) : (__.prototype = b.prototype, new __());
    };

    __assign = Object.assign || function (t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p)) t[p] = s[p];
        }
        return t;
    };

    __rest = function (s, e) {
        var t = {};
        for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p) && e.indexOf(p) < 0)
            t[p] = s[p];
        if (s != null && typeof Object.getOwnPropertySymbols === "function")
            for (var i = 0, p = Object.getOwnPropertySymbols(s); i < p.length; i++) {
                if (e.indexOf(p[i]) < 0 && Object.prototype.propertyIsEnumerable.call(s, p[i]))
                    t[p[i]] = s[p[i]];
            }
        return t;
    };

    __decorate = function (decorators, target, key, desc) {
        var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
        if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
        else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
        return c > 3 && r && Object.defineProperty(target, key, r), r;
    };

    __param = function (paramIndex, decorator) {
        return function (target, key) { decorator(target, key, paramIndex); }
    };

    __esDecorate = function (ctor, descriptorIn, decorators, contextIn, initializers, extraInitializers) {
        function accept(f) { if (f !== void 0 && typeof f !== "function") throw new TypeError("Function expected"); return f; }
        var kind = contextIn.kind, key = kind === "getter" ? "get" : kind === "setter" ? "set" : "value";
        var target = !descriptorIn && ctor ? contextIn["static"] ? ctor : ctor.prototype : null;
        var descriptor = descriptorIn || (target ? Object.getOwnPropertyDescriptor(target, contextIn.name) : {});
        var _, done = false;
        for (var i = decorators.length - 1; i >= 0; i--) {
            var context = {};
            for (var p in contextIn) context[p] = p === "access" ? {} : contextIn[p];
            for (var p in contextIn.access) context.access[p] = contextIn.access[p];
            context.addInitializer = function (f) { if (done) throw new TypeError("Cannot add initializers after decoration has completed"); extraInitializers.push(accept(f || null)); };
            var result = (0, decorators[i])(kind === "accessor" ? { get: descriptor.get, set: descriptor.set } : descriptor[key], context);
            if (kind === "accessor") {
                if (result === void 0) continue;
                if (result === null || typeof result !== "object") throw new TypeError("Object expected");
                if (_ = accept(result.get)) descriptor.get = _;
                if (_ = accept(result.set)) descriptor.set = _;
                if (_ = accept(result.init)) initializers.unshift(_);
            }
            else if (_ = accept(result)) {
                if (kind === "field") initializers.unshift(_);
                else descriptor[key] = _;
            }
        }
        if (target) Object.defineProperty(target, contextIn.name, descriptor);
        done = true;
    };

    __runInitializers = function (thisArg, initializers, value) {
        var useValue = arguments.length > 2;
        for (var i = 0; i < initializers.length; i++) {
            value = useValue ? initializers[i].call(thisArg, value) : initializers[i].call(thisArg);
        }
        return useValue ? value : void 0;
    };

    __propKey = function (x) {
        return typeof x === "symbol" ? x : "".concat(x);
    };

    __setFunctionName = function (f, name, prefix) {
        if (typeof name === "symbol") name = name.description ? "[".concat(name.description, "]") : "";
        return Object.defineProperty(f, "name", { configurable: true, value: prefix ? "".concat(prefix, " ", name) : name });
    };

    __metadata = function (metadataKey, metadataValue) {
        if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(metadataKey, metadataValue);
    };

    __awaiter = function (thisArg, _arguments, P, generator) {
        function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
        return new (P || (P = Promise))(function (resolve, reject) {
            function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
            function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
            function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
            step((generator = generator.apply(thisArg, _arguments || [])).next());
        });
    };

    __generator = function (thisArg, body) {
        var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
        return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
        function verb(n) { return function (v) { return step([n, v]); }; }
        function step(op) {
            if (f) throw new TypeError("Generator is already executing.");
            while (g && (g = 0, op[0] && (_ = 0)), _) try {
                if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
                if (y = 0, t) op = [op[0] & 2, t.value];
                switch (op[0]) {
                    case 0: case 1: t = op; break;
                    case 4: _.label++; return { value: op[1], done: false };
                    case 5: _.label++; y = op[1]; op = [0]; continue;
                    case 7: op = _.ops.pop(); _.trys.pop(); continue;
                    default:
                        if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                        if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                        if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                        if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                        if (t[2]) _.ops.pop();
                        _.trys.pop(); continue;
                }
                op = body.call(thisArg, _);
            } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
            if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
        }
    };

    __exportStar = function(m, o) {
        for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(o, p)) __createBinding(o, m, p);
    };

    __createBinding = Object.create ? (function(o, m, k, k2) {
        if (k2 === undefined) k2 = k;
        var desc = Object.getOwnPropertyDescriptor(m, k);
        if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
            desc = { enumerable: true, get: function() { return m[k]; } };
        }
        Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
        if (k2 === undefined) k2 = k;
        o[k2] = m[k];
    });

    __values = function (o) {
        var s = typeof Symbol === "function" && Symbol.iterator, m = s && o[s], i = 0;
        if (m) return m.call(o);
        if (o && typeof o.length === "number") return {
            next: function () {
                if (o && i >= o.length) o = void 0;
                return { value: o && o[i++], done: !o };
            }
        };
        throw new TypeError(s ? "Object is not iterable." : "Symbol.iterator is not defined.");
    };

    __read = function (o, n) {
        var m = typeof Symbol === "function" && o[Symbol.iterator];
        if (!m) return o;
        var i = m.call(o), r, ar = [], e;
        try {
            while ((n === void 0 || n-- > 0) && !(r = i.next()).done) ar.push(r.value);
        }
        catch (error) { e = { error: error }; }
        finally {
            try {
                if (r && !r.done && (m = i["return"])) m.call(i);
            }
            finally { if (e) throw e.error; }
        }
        return ar;
    };

    /** @deprecated */
    __spread = function () {
        for (var ar = [], i = 0; i < arguments.length; i++)
            ar = ar.concat(__read(arguments[i]));
        return ar;
    };

    /** @deprecated */
    __spreadArrays = function () {
        for (var s = 0, i = 0, il = arguments.length; i < il; i++) s += arguments[i].length;
        for (var r = Array(s), k = 0, i = 0; i < il; i++)
            for (var a = arguments[i], j = 0, jl = a.length; j < jl; j++, k++)
                r[k] = a[j];
        return r;
    };

    __spreadArray = function (to, from, pack) {
        if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
            if (ar || !(i in from)) {
                if (!ar) ar = Array.prototype.slice.call(from, 0, i);
                ar[i] = from[i];
            }
        }
        return to.concat(ar || Array.prototype.slice.call(from));
    };

    __await = function (v) {
        return this instanceof __await ? (this.v = v, this) : new __await(v);
    };

    __asyncGenerator = function (thisArg, _arguments, generator) {
        if (!Symbol.asyncIterator) throw new TypeError("Symbol.asyncIterator is not defined.");
        var g = generator.apply(thisArg, _arguments || []), i, q = [];
        return i = Object.create((typeof AsyncIterator === "function" ? AsyncIterator : Object).prototype), verb("next"), verb("throw"), verb("return", awaitReturn), i[Symbol.asyncIterator] = function () { return this; }, i;
        function awaitReturn(f) { return function (v) { return Promise.resolve(v).then(f, reject); }; }
        function verb(n, f) { if (g[n]) { i[n] = function (v) { return new Promise(function (a, b) { q.push([n, v, a, b]) > 1 || resume(n, v); }); }; if (f) i[n] = f(i[n]); } }
        function resume(n, v) { try { step(g[n](v)); } catch (e) { settle(q[0][3], e); } }
        function step(r) { r.value instanceof __await ? Promise.resolve(r.value.v).then(fulfill, reject) : settle(q[0][2], r); }
        function fulfill(value) { resume("next", value); }
        function reject(value) { resume("throw", value); }
        function settle(f, v) { if (f(v), q.shift(), q.length) resume(q[0][0], q[0][1]); }
    };

    __asyncDelegator = function (o) {
        var i, p;
        return i = {}, verb("next"), verb("throw", function (e) { throw e; }), verb("return"), i[Symbol.iterator] = function () { return this; }, i;
        function verb(n, f) { i[n] = o[n] ? function (v) { return (p = !p) ? { value: __await(o[n](v)), done: false } : f ? f(v) : v; } : f; }
    };

    __asyncValues = function (o) {
        if (!Symbol.asyncIterator) throw new TypeError("Symbol.asyncIterator is not defined.");
        var m = o[Symbol.asyncIterator], i;
        return m ? m.call(o) : (o = typeof __values === "function" ? __values(o) : o[Symbol.iterator](), i = {}, verb("next"), verb("throw"), verb("return"), i[Symbol.asyncIterator] = function () { return this; }, i);
        function verb(n) { i[n] = o[n] && function (v) { return new Promise(function (resolve, reject) { v = o[n](v), settle(resolve, reject, v.done, v.value); }); }; }
        function settle(resolve, reject, d, v) { Promise.resolve(v).then(function(v) { resolve({ value: v, done: d }); }, reject); }
    };

    __makeTemplateObject = function (cooked, raw) {
        if (Object.defineProperty) { Object.defineProperty(cooked, "raw", { value: raw }); } else { cooked.raw = raw; }
        return cooked;
    };

    var __setModuleDefault = Object.create ? (function(o, v) {
        Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
        o["default"] = v;
    };

    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };

    __importStar = function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };

    __importDefault = function (mod) {
        return (mod && mod.__esModule) ? mod : { "default": mod };
    };

    __classPrivateFieldGet = function (receiver, state, kind, f) {
        if (kind === "a" && !f) throw new TypeError("Private accessor was defined without a getter");
        if (typeof state === "function" ? receiver !== state || !f : !state.has(receiver)) throw new TypeError("Cannot read private member from an object whose class did not declare it");
        return kind === "m" ? f : kind === "a" ? f.call(receiver) : f ? f.value : state.get(receiver);
    };

    __classPrivateFieldSet = function (receiver, state, value, kind, f) {
        if (kind === "m") throw new TypeError("Private method is not writable");
        if (kind === "a" && !f) throw new TypeError("Private accessor was defined without a setter");
        if (typeof state === "function" ? receiver !== state || !f : !state.has(receiver)) throw new TypeError("Cannot write private member to an object whose class did not declare it");
        return (kind === "a" ? f.call(receiver, value) : f ? f.value = value : state.set(receiver, value)), value;
    };

    __classPrivateFieldIn = function (state, receiver) {
        if (receiver === null || (typeof receiver !== "object" && typeof receiver !== "function")) throw new TypeError("Cannot use 'in' operator on non-object");
        return typeof state === "function" ? receiver === state : state.has(receiver);
    };

    __addDisposableResource = function (env, value, async) {
        if (value !== null && value !== void 0) {
            if (typeof value !== "object" && typeof value !== "function") throw new TypeError("Object expected.");
            var dispose, inner;
            if (async) {
                if (!Symbol.asyncDispose) throw new TypeError("Symbol.asyncDispose is not defined.");
                dispose = value[Symbol.asyncDispose];
            }
            if (dispose === void 0) {
                if (!Symbol.dispose) throw new TypeError("Symbol.dispose is not defined.");
                dispose = value[Symbol.dispose];
                if (async) inner = dispose;
            }
            if (typeof dispose !== "function") throw new TypeError("Object not disposable.");
            if (inner) dispose = function() { try { inner.call(this); } catch (e) { return Promise.reject(e); } };
            env.stack.push({ value: value, dispose: dispose, async: async });
        }
        else if (async) {
            env.stack.push({ async: true });
        }
        return value;
    };

    var _SuppressedError = typeof SuppressedError === "function" ? SuppressedError : function (error, suppressed, message) {
        var e = new Error(message);
        return e.name = "SuppressedError", e.error = error, e.suppressed = suppressed, e;
    };

    __disposeResources = function (env) {
        function fail(e) {
            env.error = env.hasError ? new _SuppressedError(e, env.error, "An error was suppressed during disposal.") : e;
            env.hasError = true;
        }
        var r, s = 0;
        function next() {
            while (r = env.stack.pop()) {
                try {
                    if (!r.async && s === 1) return s = 0, env.stack.push(r), Promise.resolve().then(next);
                    if (r.dispose) {
                        var result = r.dispose.call(r.value);
                        if (r.async) return s |= 2, Promise.resolve(result).then(next, function(e) { fail(e); return next(); });
                    }
                    else s |= 1;
                }
                catch (e) {
                    fail(e);
                }
            }
            if (s === 1) return env.hasError ? Promise.reject(env.error) : Promise.resolve();
            if (env.hasError) throw env.error;
        }
        return next();
    };

    __rewriteRelativeImportExtension = function (path, preserveJsx, extraExtensions, ignoreCase) {
        if (typeof path === "string" && /^\.\.?\//.test(path)) {
            if (extraExtensions) {
                for (var extension in extraExtensions) {
                    var suffix = path.slice(-extension.length);
                    if (suffix === extension || ignoreCase && suffix.toLowerCase() === extension.toLowerCase()) {
                        var output = extraExtensions[extension];
                        return output === extension ? path : path.slice(0, -extension.length) + output;
                    }
                }
            }
            return path.replace(/\.(tsx)$|((?:\.d)?)((?:\.[^./]+?)?)\.([cm]?)ts$/i, function (m, tsx, d, ext, cm) {
                return tsx ? preserveJsx ? ".jsx" : ".js" : d && (!ext || !cm) ? m : (d + ext + "." + cm.toLowerCase() + "js");
            });
        }
        return path;
    };

    exporter("__extends", __extends);
    exporter("__assign", __assign);
    exporter("__rest", __rest);
    exporter("__decorate", __decorate);
    exporter("__param", __param);
    exporter("__esDecorate", __esDecorate);
    exporter("__runInitializers", __runInitializers);
    exporter("__propKey", __propKey);
    exporter("__setFunctionName", __setFunctionName);
    exporter("__metadata", __metadata);
    exporter("__awaiter", __awaiter);
    exporter("__generator", __generator);
    exporter("__exportStar", __exportStar);
    exporter("__createBinding", __createBinding);
    exporter("__values", __values);
    exporter("__read", __read);
    exporter("__spread", __spread);
    exporter("__spreadArrays", __spreadArrays);
    exporter("__spreadArray", __spreadArray);
    exporter("__await", __await);
    exporter("__asyncGenerator", __asyncGenerator);
    exporter("__asyncDelegator", __asyncDelegator);
    exporter("__asyncValues", __asyncValues);
    exporter("__makeTemplateObject", __makeTemplateObject);
    exporter("__importStar", __importStar);
    exporter("__importDefault", __importDefault);
    exporter("__classPrivateFieldGet", __classPrivateFieldGet);
    exporter("__classPrivateFieldSet", __classPrivateFieldSet);
    exporter("__classPrivateFieldIn", __classPrivateFieldIn);
    exporter("__addDisposableResource", __addDisposableResource);
    exporter("__disposeResources", __disposeResources);
    exporter("__rewriteRelativeImportExtension", __rewriteRelativeImportExtension);
});

0 && (0);


/***/ }),

/***/ 223:
/***/ ((module) => {

module.exports = extend

var hasOwnProperty = Object.prototype.hasOwnProperty;

function extend(target) {
    for (var i = 1; i < arguments.length; i++) {
        var source = arguments[i]

        for (var key in source) {
            if (hasOwnProperty.call(source, key)) {
                target[key] = source[key]
            }
        }
    }

    return target
}


/***/ }),

/***/ 4390:
/***/ ((module) => {

module.exports = eval("require")("pg-native");


/***/ }),

/***/ 1788:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.orderedApply = orderedApply;
const sort_js_1 = __webpack_require__(1871);
// TypeScript nonsense
const isCallbackDescriptor = (v) => typeof v !== "function";
const isCallback = (v) => typeof v === "function";
function isArray(arg) {
    return Array.isArray(arg);
}
function orderedApply(plugins, functionalityRetriever, applyCallback) {
    // Normalize all the plugin "functionalities" and gather them into collections
    const allFunctionalities = Object.create(null);
    let uid = 0;
    if (plugins) {
        for (const plugin of plugins) {
            const hooks = functionalityRetriever(plugin);
            if (!hooks) {
                continue;
            }
            const keys = Object.keys(hooks);
            for (const key of keys) {
                const value = hooks[key];
                if (!value) {
                    continue;
                }
                const hookList = isArray(value) ? value : [value];
                for (const hookSpecRaw of hookList) {
                    const callback = (isCallback(hookSpecRaw) ? hookSpecRaw : hookSpecRaw.callback);
                    const { provides, before, after } = isCallbackDescriptor(hookSpecRaw)
                        ? hookSpecRaw
                        : {};
                    if (!allFunctionalities[key]) {
                        allFunctionalities[key] = [];
                    }
                    // We need to give each functionality a unique ID
                    const id = String(uid++);
                    allFunctionalities[key].push({
                        id,
                        plugin,
                        callback,
                        provides: [...(provides || []), id, plugin.name],
                        before: before || [],
                        after: after || [],
                    });
                }
            }
        }
    }
    // Sort the collections according to provides, before and after.
    for (const functionalityName in allFunctionalities) {
        const functionalities = allFunctionalities[functionalityName];
        if (!functionalities) {
            continue;
        }
        const final = (0, sort_js_1.sortWithBeforeAfterProvides)(functionalities, "id");
        // Finally we can register the functionalities
        for (const functionality of final) {
            applyCallback(functionalityName, functionality.callback, functionality.plugin);
        }
    }
}
//# sourceMappingURL=functionality.js.map

/***/ }),

/***/ 6663:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.applyHooks = exports.AsyncHooks = void 0;
const functionality_js_1 = __webpack_require__(1788);
const isDev = typeof process !== "undefined" && process.env.GRAPHILE_ENV === "development";
class AsyncHooks {
    constructor() {
        this.callbacks = Object.create(null);
    }
    hook(event, fn) {
        this.callbacks[event] = this.callbacks[event] || [];
        this.callbacks[event].push(fn);
    }
    /**
     * Hooks can _mutate_ the argument, they cannot return a replacement. This
     * allows us to completely side-step the problem of recursive calls.
     */
    process(hookName, ...args) {
        const callbacks = this.callbacks[hookName];
        if (!callbacks) {
            return;
        }
        const l = callbacks.length;
        let chain = undefined;
        for (let i = 0; i < l; i++) {
            const callback = callbacks[i];
            if (chain !== undefined) {
                chain = chain.then(() => callback.apply(null, args));
            }
            else {
                const result = callback.apply(null, args);
                if (result != null) {
                    if (isDev && typeof result.then !== "function") {
                        throw new Error(`Hook '${hookName}' returned invalid value of type ${typeof result} - must be 'undefined' or a Promise/PromiseLike.`);
                    }
                    chain = result;
                }
            }
        }
        return chain;
    }
}
exports.AsyncHooks = AsyncHooks;
/** @deprecated Use `orderedApply` */
exports.applyHooks = functionality_js_1.orderedApply;
//# sourceMappingURL=hooks.js.map

/***/ }),

/***/ 6447:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.resolvePresets = exports.resolvePreset = exports.isResolvedPreset = exports.Middleware = exports.AsyncHooks = exports.applyHooks = exports.orderedApply = void 0;
exports.sortedPlugins = sortedPlugins;
__webpack_require__(7611);
const sort_js_1 = __webpack_require__(1871);
var functionality_js_1 = __webpack_require__(1788);
Object.defineProperty(exports, "orderedApply", ({ enumerable: true, get: function () { return functionality_js_1.orderedApply; } }));
var hooks_js_1 = __webpack_require__(6663);
Object.defineProperty(exports, "applyHooks", ({ enumerable: true, get: function () { return hooks_js_1.applyHooks; } }));
Object.defineProperty(exports, "AsyncHooks", ({ enumerable: true, get: function () { return hooks_js_1.AsyncHooks; } }));
var middleware_js_1 = __webpack_require__(9067);
Object.defineProperty(exports, "Middleware", ({ enumerable: true, get: function () { return middleware_js_1.Middleware; } }));
var resolvePresets_js_1 = __webpack_require__(3419);
Object.defineProperty(exports, "isResolvedPreset", ({ enumerable: true, get: function () { return resolvePresets_js_1.isResolvedPreset; } }));
Object.defineProperty(exports, "resolvePreset", ({ enumerable: true, get: function () { return resolvePresets_js_1.resolvePreset; } }));
Object.defineProperty(exports, "resolvePresets", ({ enumerable: true, get: function () { return resolvePresets_js_1.resolvePresets; } }));
function sortedPlugins(plugins) {
    if (plugins) {
        return (0, sort_js_1.sortWithBeforeAfterProvides)(plugins, "name");
    }
    else {
        return [];
    }
}
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 7611:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
//# sourceMappingURL=interfaces.js.map

/***/ }),

/***/ 9067:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.Middleware = void 0;
const utils_js_1 = __webpack_require__(8154);
class Middleware {
    constructor() {
        this.middleware = Object.create(null);
    }
    register(activityName, fn) {
        const list = this.middleware[activityName];
        if (list !== undefined) {
            list.push(fn);
        }
        else {
            this.middleware[activityName] = [fn];
        }
    }
    run(activityName, arg, activity) {
        const middleware = this.middleware[activityName];
        if (middleware === undefined) {
            return activity(arg);
        }
        const m = middleware.length - 1;
        return executeMiddleware(activityName, true, middleware, activity, arg, 0, m);
    }
    runSync(activityName, arg, activity) {
        const middleware = this.middleware[activityName];
        if (middleware === undefined) {
            return activity(arg);
        }
        const m = middleware.length - 1;
        return executeMiddleware(activityName, false, middleware, activity, arg, 0, m);
    }
}
exports.Middleware = Middleware;
function executeMiddleware(activityName, allowAsync, middlewareList, activity, arg, idx, maxIdx) {
    const next = makeNext(idx === maxIdx
        ? () => activity(arg)
        : () => executeMiddleware(activityName, allowAsync, middlewareList, activity, arg, idx + 1, maxIdx));
    const middleware = middlewareList[idx];
    const result = middleware(next, arg);
    if (!allowAsync && (0, utils_js_1.isPromiseLike)(result)) {
        throw new Error(`'${String(activityName)}' is a synchronous activity, all middleware must be synchronous but the middleware at index ${idx} returned a promise.`);
    }
    return result;
}
function makeNext(fn) {
    let called = false;
    const next = fn;
    next.callback = (callback) => {
        if (called) {
            throw new Error(`next() was already called; don't call it twice!`);
        }
        called = true;
        let result;
        try {
            result = fn();
        }
        catch (error) {
            return callback(error, undefined);
        }
        if ((0, utils_js_1.isPromiseLike)(result)) {
            return result.then((result) => callback(null, result), callback);
        }
        else {
            return callback(null, result);
        }
    };
    return next;
}
//# sourceMappingURL=middleware.js.map

/***/ }),

/***/ 3419:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.isResolvedPreset = isResolvedPreset;
exports.resolvePresets = resolvePresets;
exports.resolvePreset = resolvePreset;
__webpack_require__(7611);
const sort_js_1 = __webpack_require__(1871);
const PROBABLY_A_PLUGIN_NOT_A_PRESET_KEYS = [
    "name", // If we want to give presets a name, we should use 'id', 'label', 'title' or similar.
    "experimental",
    "provides",
    "before",
    "after",
    // To avoid confusion with PostGraphile V4:
    "appendPlugins",
    "prependPlugins",
    "skipPlugins",
];
const PROBABLY_A_PRESET_NOT_A_PLUGIN_KEYS = [
    "plugins",
    "disablePlugins",
    "extends",
];
let inspect;
try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    inspect = (__webpack_require__(9023).inspect);
    if (typeof inspect !== "function") {
        throw new Error("Failed to load inspect");
    }
}
catch {
    inspect = (obj) => {
        return Array.isArray(obj) ||
            !obj ||
            Object.getPrototypeOf(obj) === null ||
            Object.getPrototypeOf(obj) === Object.prototype
            ? JSON.stringify(obj)
            : String(obj);
    };
}
function isResolvedPreset(preset) {
    if (preset.extends != null)
        return false;
    if (!preset.plugins)
        return false;
    if (!preset.disablePlugins)
        return false;
    if (typeof preset.lib !== "object" || preset.lib === null)
        return false;
    const seenPlugins = new Map();
    for (const plugin of preset.plugins) {
        if (preset.disablePlugins.includes(plugin.name))
            return false;
        if (seenPlugins.has(plugin.name)) {
            // Contains duplicate; handle on default path
            return false;
        }
        else {
            seenPlugins.set(plugin.name, plugin);
        }
    }
    return true;
}
/** @deprecated Use `resolvePreset({ extends: presets })` instead */
function resolvePresets(presets) {
    if (presets.length === 1) {
        return resolvePreset(presets[0]);
    }
    else {
        return resolvePreset({ extends: presets });
    }
}
/**
 * Given a preset, recursively resolves all the `extends` and returns the
 * resulting ResolvedPreset (which does not have any `extends`).
 */
function resolvePreset(preset) {
    // Maybe it's already resolved?
    if (preset && isResolvedPreset(preset)) {
        return preset;
    }
    const seenPlugins = new Map();
    const resolvedPreset = resolvePresetsInternal([preset], seenPlugins, 0);
    const disabledButNotSeen = resolvedPreset.disablePlugins?.filter((n) => !seenPlugins.has(n));
    if (disabledButNotSeen?.length) {
        console.warn(`One or more of the plugin(s) entered in your preset's 'disablePlugins' list was never seen - perhaps you have misspelled them?\n${disabledButNotSeen
            .map((p) => `  - ${p}`)
            .join("\n")}\nThe list of know plugins is:\n  ${[...seenPlugins.keys()].join(", ") ?? "-"}`);
    }
    return resolvedPreset;
}
function resolvePresetsInternal(presets, seenPlugins, depth) {
    const finalPreset = blankResolvedPreset();
    for (const preset of presets) {
        if (isResolvedPreset(preset) && preset.disablePlugins) {
            for (const p of preset.disablePlugins) {
                if (!seenPlugins.has(p)) {
                    seenPlugins.set(p, null);
                }
            }
        }
        const resolvedPreset = resolvePresetInternal(preset, seenPlugins, depth + 1);
        mergePreset(finalPreset, resolvedPreset, seenPlugins, depth);
    }
    if (finalPreset.plugins) {
        finalPreset.plugins = (0, sort_js_1.sortWithBeforeAfterProvides)(finalPreset.plugins, "name");
    }
    return finalPreset;
}
function isGraphileConfigPreset(foo) {
    if (typeof foo !== "object" || foo === null)
        return false;
    // Check regular prototype
    const prototype = Object.getPrototypeOf(foo);
    if (prototype === null || prototype === Object.prototype) {
        return true;
    }
    // Heavier check, to allow for Jest/VM complexity (where `Object` differs)
    if (String(foo) === "[object Object]") {
        return true;
    }
    return false;
}
function assertPlugin(plugin) {
    if (typeof plugin !== "object" || plugin == null) {
        throw new Error(`Expected plugin, but found '${inspect(plugin)}'`);
    }
    const proto = Object.getPrototypeOf(plugin);
    if (proto !== Object.prototype && proto !== null) {
        throw new Error(`Expected plugin to be a plain object, but found '${inspect(plugin)}'`);
    }
    if (typeof plugin.name !== "string") {
        throw new Error(`Expected plugin to have a string 'name'; found ${inspect(plugin.name)} (${inspect(plugin)})`);
    }
    if (plugin.version != null && typeof plugin.version !== "string") {
        throw new Error(`Expected plugin '${plugin.name}' to have a string 'version'; found ${inspect(plugin.version)}`);
    }
    const keys = Object.keys(plugin);
    const forbiddenKeys = keys.filter(isForbiddenPluginKey);
    if (forbiddenKeys.length) {
        throw new Error(`Expected a GraphileConfig plugin, but found an object with forbidden keys ` +
            `(e.g. keys starting with a capital letter, or a 'default' key). This typically indicates an ` +
            `issue with ESM compatibility or import method, for example ` +
            `doing \`import MyPlugin from 'my-plugin'\` instead of ` +
            `\`import { MyPlugin } from 'my-plugin'\` or vice versa. ` +
            `Forbidden keys: '${forbiddenKeys.join("', '")}', full value: '${inspect(plugin)}'`);
    }
    for (const forbiddenKey of PROBABLY_A_PRESET_NOT_A_PLUGIN_KEYS) {
        if (plugin[forbiddenKey]) {
            throw new Error(`Plugin '${plugin.name}' has '${forbiddenKey}' property which suggests it is a preset rather than a plugin. If it is indeed a preset you should add it to your preset via 'extends' rather than 'plugins'.`);
        }
    }
}
function isForbiddenPresetKey(key) {
    return /^[A-Z_]/.test(key) || key === "default";
}
function isForbiddenPluginKey(key) {
    return /^[A-Z_]/.test(key) || key === "default";
}
/**
 * Turns a preset into a resolved preset (i.e. resolves all its `extends`).
 *
 * @internal
 */
function resolvePresetInternal(preset, seenPlugins, depth) {
    if (!isGraphileConfigPreset(preset)) {
        throw new Error(`Expected a GraphileConfig preset (a plain JS object), but found '${inspect(preset)}'`);
    }
    const keys = Object.keys(preset);
    const forbiddenKeys = keys.filter(isForbiddenPresetKey);
    if (forbiddenKeys.length) {
        throw new Error(`Expected a GraphileConfig preset, but found an object with forbidden keys ` +
            `(e.g. keys starting with a capital letter, or a 'default' key). This typically indicates an ` +
            `issue with ESM compatibility or import method, for example ` +
            `doing \`import MyPreset from 'my-preset'\` instead of ` +
            `\`import { MyPreset } from 'my-preset'\` or vice versa. ` +
            `Forbidden keys: '${forbiddenKeys.join("', '")}', full value: '${inspect(preset)}'`);
    }
    try {
        for (const forbiddenKey of PROBABLY_A_PLUGIN_NOT_A_PRESET_KEYS) {
            if (preset[forbiddenKey]) {
                throw new Error(`Preset has '${forbiddenKey}' property which suggests it is a plugin rather than a preset. If it is indeed a plugin you should add it to your preset via 'plugins' rather than 'extends'.`);
            }
        }
    }
    catch (e) {
        throw new Error(`Error occurred when resolving preset:\n  ${String(e).replace(/\n/g, "\n  ")}\nPreset: ${inspect(preset)}`);
    }
    const { extends: presets = [], ...rest } = preset;
    const basePreset = resolvePresetsInternal(presets, seenPlugins, depth + 1);
    try {
        mergePreset(basePreset, rest, seenPlugins, depth);
        return basePreset;
    }
    catch (e) {
        throw new Error(`Error occurred when resolving preset:\n  ${String(e).replace(/\n/g, "\n  ")}\nPreset: ${inspect(preset)}`);
    }
}
/**
 * Merges `sourcePreset` into existing resolved preset `targetPreset`, ignoring
 * any `extends` on the `sourcePreset`.
 *
 * Note this function uses mutation for performance reasons.
 *
 * @internal
 */
function mergePreset(targetPreset, sourcePreset, seenPlugins, _depth) {
    const sourcePluginNames = [];
    if (sourcePreset.plugins) {
        for (const plugin of sourcePreset.plugins) {
            assertPlugin(plugin);
            // Check that we don't have two different plugins with the same name
            const existing = seenPlugins.get(plugin.name);
            if (existing && existing !== plugin) {
                throw new Error(`Two different plugins have been registered with the same name '${existing.name}'; this is likely an issue where you are using the same preset or plugin factory function more than once, though it could also be caused by duplicate dependencies in your 'node_modules' folder.`);
            }
            seenPlugins.set(plugin.name, plugin);
            sourcePluginNames.push(plugin.name);
        }
    }
    if (targetPreset.extends != null) {
        throw new Error("First argument to mergePreset must be a resolved preset");
    }
    const addedAndDisabled = sourcePreset.disablePlugins
        ? sourcePluginNames.filter((addedPluginName) => sourcePreset.disablePlugins.includes(addedPluginName))
        : [];
    if (addedAndDisabled.length > 0) {
        throw new Error(`A preset may not both add a plugin and disable that same plugin ('${addedAndDisabled.join("', '")}')`);
    }
    const disablePlugins = [
        ...new Set([
            // Remove the previously disabled plugins where we've explicitly re-added the plugin
            ...(targetPreset.disablePlugins?.filter((pluginName) => !sourcePluginNames.includes(pluginName)) ?? []),
            // Explicitly add our new disablePlugins
            ...(sourcePreset.disablePlugins ?? []),
        ]),
    ];
    targetPreset.disablePlugins = disablePlugins;
    const plugins = new Set([
        ...(targetPreset.plugins || []),
        ...(sourcePreset.plugins || []),
    ]);
    // Copy the unique plugins that are not disabled
    targetPreset.plugins = [...plugins].filter((p) => !disablePlugins.includes(p.name));
    if (sourcePreset.lib) {
        for (const key of Object.keys(sourcePreset.lib)) {
            const sourceValue = sourcePreset.lib[key];
            if (!(key in targetPreset.lib)) {
                targetPreset.lib[key] = sourceValue;
            }
            else if (key === "versions") {
                if (sourceValue) {
                    for (const versionKey of Object.keys(sourceValue)) {
                        const { versions: targetVersions } = targetPreset.lib;
                        const sourceVersion = sourceValue[versionKey];
                        if (targetVersions[versionKey] === sourceVersion) {
                            // noop
                        }
                        else if (targetVersions[versionKey]) {
                            throw new Error(`Preset attempted to register version '${sourceVersion}' of '${versionKey}', but version '${targetVersions[versionKey]}' is already registered`);
                        }
                        else {
                            targetVersions[versionKey] = sourceVersion;
                        }
                    }
                }
            }
            else if (targetPreset.lib[key] === sourceValue) {
                // noop
            }
            else {
                throw new Error(`Two different presets defined lib '${key}' but they had different values:\n\n    ${inspect(targetPreset.lib[key]).replace(/\n/g, "\n    ")}\n\nvs\n\n    ${inspect(sourceValue).replace(/\n/g, "\n    ")}`);
            }
        }
    }
    const targetScopes = Object.keys(targetPreset).filter(isScopeKeyForPreset);
    const sourceScopes = Object.keys(sourcePreset).filter(isScopeKeyForPreset);
    const scopes = [...new Set([...targetScopes, ...sourceScopes])];
    for (const scope of scopes) {
        const targetScope = targetPreset[scope];
        const sourceScope = sourcePreset[scope];
        if (targetScope && sourceScope) {
            if (Array.isArray(targetScope) !== Array.isArray(sourceScope)) {
                throw new Error(`${scope} contains an array entry in one preset and a non-array entry in another, this doesn't make sense`);
            }
            else if (Array.isArray(sourceScope)) {
                targetPreset[scope] = sourceScope;
            }
            else {
                targetPreset[scope] = Object.assign(Object.create(null), targetScope, sourceScope);
            }
        }
        else {
            targetPreset[scope] =
                targetScope || sourceScope;
        }
    }
}
function blankResolvedPreset() {
    return {
        plugins: [],
        disablePlugins: [],
        lib: Object.create(null),
    };
}
/**
 * Scope keys are all the keys except for the ones explicitly defined in the
 * Preset type (before declaration merging).
 */
function isScopeKeyForPreset(key) {
    return (key !== "extends" &&
        key !== "plugins" &&
        key !== "disablePlugins" &&
        key !== "lib");
}
//# sourceMappingURL=resolvePresets.js.map

/***/ }),

/***/ 1871:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.sortWithBeforeAfterProvides = sortWithBeforeAfterProvides;
function sortWithBeforeAfterProvides(rawList, idKey) {
    const list = rawList.map((thing) => {
        const before = [...(thing.before ?? [])];
        const after = [...(thing.after ?? [])];
        const provides = [...(thing.provides ?? [])];
        if (!provides.includes(thing[idKey])) {
            provides.push(thing[idKey]);
        }
        return { thing, before, after, provides };
    });
    // Figure out all the possible provides values:
    const validProvides = new Set();
    for (const { provides } of list) {
        for (const provide of provides) {
            validProvides.add(provide);
        }
    }
    // And create fake providers for any values that don't already have one, to
    // ensure correct ordering
    for (const { after, before } of list) {
        for (const val of [...after, ...before]) {
            if (!validProvides.has(val)) {
                list.push({
                    thing: Symbol(val),
                    before: [],
                    after: [],
                    provides: [val],
                });
                validProvides.add(val);
            }
        }
    }
    // "before" and "after" are very similar, lets simplify them into one
    // concept by converting all the "befores" into "afters" on their targets.
    for (const { thing, before } of list) {
        if (typeof thing === "symbol") {
            continue;
        }
        const { [idKey]: id } = thing;
        if (before.length) {
            const previousBefore = before.splice(0, before.length);
            for (const { thing: otherThing, provides: otherProvides, after: otherAfter, } of list) {
                if (otherThing !== thing &&
                    previousBefore.some((beforeValue) => otherProvides.includes(beforeValue))) {
                    otherAfter.push(id);
                }
            }
        }
    }
    const final = [];
    const remaining = [...list];
    // Now we can iteratively add items following the rule that there must be
    // no pending items that "provides" anything that the listEntry must come
    // "after".
    for (let loops = 0; loops < 10000; loops++) {
        let changes = 0;
        if (remaining.length === 0) {
            // We're done!
            break;
        }
        for (let i = 0; i < remaining.length; i++) {
            const listEntry = remaining[i];
            if (!listEntry) {
                continue;
            }
            const { thing, after } = listEntry;
            const dependsOnRemaining = remaining.some(({ thing: otherThing, provides: otherProvides }) => otherThing !== thing &&
                otherProvides.some((otherHookProvide) => after.includes(otherHookProvide)));
            if (!dependsOnRemaining) {
                changes++;
                remaining.splice(i, 1);
                if (typeof thing !== "symbol") {
                    final.push(thing);
                }
                i--;
            }
        }
        if (changes === 0) {
            throw new Error(`Infinite loop in dependencies detected; remaining items:\n  ${remaining
                .map((r) => `${typeof r.thing === "symbol"
                ? `FakeProvider<${r.thing.description}>`
                : r.thing[idKey]} (after: ${r.after}; provides: ${r.provides})`)
                .join("\n  ")}`);
        }
    }
    if (final.length !== rawList.length) {
        throw new Error(`Expected the same number of list entries after sorting (${final.length} != ${rawList.length})`);
    }
    return final;
}
//# sourceMappingURL=sort.js.map

/***/ }),

/***/ 8154:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.isPromiseLike = isPromiseLike;
function isPromiseLike(value) {
    return (typeof value === "object" &&
        value !== null &&
        typeof value.then === "function");
}
//# sourceMappingURL=utils.js.map

/***/ }),

/***/ 5863:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.cleanup = exports.assertCleanupTasks = void 0;
const ALL_CLEANUP_TASKS = [
    "GC_TASK_IDENTIFIERS",
    "GC_JOB_QUEUES",
    "DELETE_PERMAFAILED_JOBS",
];
function assertCleanupTasks(tasks) {
    const invalid = tasks.filter((t) => !ALL_CLEANUP_TASKS.includes(t));
    if (invalid.length > 0) {
        throw new Error(`Invalid cleanup tasks; allowed values: '${ALL_CLEANUP_TASKS.join("', '")}'; you provided: '${tasks.join("', '")}'`);
    }
}
exports.assertCleanupTasks = assertCleanupTasks;
async function cleanup(compiledOptions, options) {
    const { tasks = ["GC_JOB_QUEUES", "GC_TASK_IDENTIFIERS"], taskIdentifiersToKeep = [], } = options;
    const { withPgClient, escapedWorkerSchema } = compiledOptions;
    await withPgClient(async (client) => {
        if (tasks.includes("DELETE_PERMAFAILED_JOBS")) {
            await client.query(`\
delete from ${escapedWorkerSchema}._private_jobs jobs
where attempts = max_attempts
and locked_at is null;`);
        }
        if (tasks.includes("GC_TASK_IDENTIFIERS")) {
            await client.query(`\
delete from ${escapedWorkerSchema}._private_tasks tasks
where tasks.id not in (
  select jobs.task_id
  from ${escapedWorkerSchema}._private_jobs jobs
)
and tasks.identifier <> all ($1::text[]);`, [taskIdentifiersToKeep]);
        }
        if (tasks.includes("GC_JOB_QUEUES")) {
            await client.query(`\
delete from ${escapedWorkerSchema}._private_job_queues job_queues
where locked_at is null and id not in (
  select job_queue_id
  from ${escapedWorkerSchema}._private_jobs jobs
  where job_queue_id is not null
);`);
        }
    });
}
exports.cleanup = cleanup;
//# sourceMappingURL=cleanup.js.map

/***/ }),

/***/ 2845:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.makeWorkerPresetWorkerOptions = void 0;
const cosmiconfig_1 = __webpack_require__(8745);
const cronConstants_1 = __webpack_require__(5262);
const logger_1 = __webpack_require__(7311);
const cosmiconfigResult = (0, cosmiconfig_1.cosmiconfigSync)("graphile-worker").search();
const cosmiconfig = cosmiconfigResult?.config;
/**
 * Defaults to use for various options throughout the codebase, sourced from
 * environmental variables, cosmiconfig, and finally sensible defaults.
 */
const makeWorkerPresetWorkerOptions = () => ({
    connectionString: process.env.DATABASE_URL,
    schema: process.env.GRAPHILE_WORKER_SCHEMA ||
        enforceStringOrUndefined("schema", cosmiconfig?.schema) ||
        "graphile_worker",
    pollInterval: enforceNumberOrUndefined("pollInterval", cosmiconfig?.pollInterval) ||
        2000,
    concurrentJobs: enforceNumberOrUndefined("concurrentJobs", cosmiconfig?.concurrentJobs) ||
        1,
    maxPoolSize: enforceNumberOrUndefined("maxPoolSize", cosmiconfig?.maxPoolSize) || 10,
    preparedStatements: true,
    crontabFile: `${process.cwd()}/crontab`,
    taskDirectory: `${process.cwd()}/tasks`,
    fileExtensions: [".js", ".cjs", ".mjs"],
    logger: logger_1.defaultLogger,
    minResetLockedInterval: 8 * cronConstants_1.MINUTE,
    maxResetLockedInterval: 10 * cronConstants_1.MINUTE,
    gracefulShutdownAbortTimeout: 5 * cronConstants_1.SECOND,
    useNodeTime: false,
});
exports.makeWorkerPresetWorkerOptions = makeWorkerPresetWorkerOptions;
function enforceStringOrUndefined(keyName, str) {
    if (typeof str === "string") {
        return str;
    }
    else if (!str) {
        return undefined;
    }
    else {
        throw new Error(`Expected '${keyName}' to be a string (or not set), but received ${typeof str}`);
    }
}
function enforceNumberOrUndefined(keyName, nr) {
    if (typeof nr === "number") {
        return nr;
    }
    else if (typeof nr === "string") {
        const val = parseFloat(nr);
        if (isFinite(val)) {
            return val;
        }
        else {
            throw new Error(`Expected '${keyName}' to be a number (or not set), but received ${nr}`);
        }
    }
    else if (!nr) {
        return undefined;
    }
    else {
        throw new Error(`Expected '${keyName}' to be a number (or not set), but received ${typeof nr}`);
    }
}
//# sourceMappingURL=config.js.map

/***/ }),

/***/ 7623:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.getParsedCronItemsFromOptions = exports.runCron = void 0;
const tslib_1 = __webpack_require__(1860);
const assert = tslib_1.__importStar(__webpack_require__(2613));
const crontab_1 = __webpack_require__(2244);
const deferred_1 = tslib_1.__importDefault(__webpack_require__(4132));
const getCronItems_1 = __webpack_require__(9015);
const interfaces_1 = __webpack_require__(5891);
const lib_1 = __webpack_require__(8224);
const CRON_RETRY = {
    maxAttempts: Infinity,
    minDelay: 200,
    maxDelay: 60000,
    multiplier: 1.5,
};
/**
 * This function looks through all the cron items we have (e.g. from our
 * crontab file) and compares them to the items we already know about. If the
 * item is not previously know, we add it to the list `unknownIdentifiers` so
 * that it can be recorded in the database (i.e. it will be "known" from now
 * on). If the item was previously known, we add an entry to
 * `backfillItemsAndDates` indicating the `item` and earliest time
 * (`notBefore`) that a backfill should operate from. This is later compared
 * to the configuration to see how much backfilling to do.
 */
function getBackfillAndUnknownItems(parsedCronItems, knownCrontabs) {
    const backfillItemsAndDates = [];
    const unknownIdentifiers = [];
    for (const item of parsedCronItems) {
        const known = knownCrontabs.find((record) => record.identifier === item.identifier);
        if (known) {
            // We only back-fill for tasks we already know about
            const notBefore = known.last_execution || known.known_since;
            backfillItemsAndDates.push({
                item,
                notBefore,
                itemDetails: known,
            });
        }
        else {
            unknownIdentifiers.push(item.identifier);
        }
    }
    return { backfillItemsAndDates, unknownIdentifiers };
}
/**
 * Rounds the incoming date to the nearest minute (either rounding up or down).
 * Tagged "unsafe" because it mutates the argument, this is desired for
 * performance but may be unexpected.
 */
function unsafeRoundToMinute(ts, roundUp = false) {
    if (ts.getUTCSeconds() > 0 || ts.getUTCMilliseconds() > 0) {
        ts.setUTCSeconds(0);
        ts.setUTCMilliseconds(0);
        if (roundUp) {
            ts.setUTCMinutes(ts.getUTCMinutes() + 1);
        }
    }
    return ts;
}
function makeJobForItem(item, ts, backfilled = false) {
    return {
        task: item.task,
        payload: {
            ...item.payload,
            _cron: {
                ts,
                backfilled,
            },
        },
        queueName: item.options.queueName,
        runAt: ts,
        maxAttempts: item.options.maxAttempts,
        jobKey: item.options.jobKey,
        jobKeyMode: item.options.jobKeyMode,
        priority: item.options.priority,
    };
}
/**
 * Schedules a list of cron jobs all due at the same timestamp. Jobs that were
 * already scheduled (e.g. via a different Worker instance) will be skipped
 * automatically.
 */
async function scheduleCronJobs(pgPool, escapedWorkerSchema, jobsAndIdentifiers, ts, useNodeTime, workerSchema, preparedStatements) {
    // TODO: refactor this to use `add_jobs`
    // Note that `identifier` is guaranteed to be unique for every record
    // in `specs`.
    await pgPool.query({
        text: `
      with specs as (
        select
          index,
          (json->>'identifier')::text as identifier,
          ((json->'job')->>'task')::text as task,
          ((json->'job')->'payload')::json as payload,
          ((json->'job')->>'queueName')::text as queue_name,
          ((json->'job')->>'runAt')::timestamptz as run_at,
          ((json->'job')->>'maxAttempts')::smallint as max_attempts,
          ((json->'job')->>'priority')::smallint as priority,
          ((json->'job')->>'jobKey')::text as job_key,
          ((json->'job')->>'jobKeyMode')::text as job_key_mode
        from json_array_elements($1::json) with ordinality AS entries (json, index)
      ),
      locks as (
        insert into ${escapedWorkerSchema}._private_known_crontabs as known_crontabs (identifier, known_since, last_execution)
        select
          specs.identifier,
          $2::timestamptz as known_since,
          $2::timestamptz as last_execution
        from specs
        on conflict (identifier)
        do update set last_execution = excluded.last_execution
        where (known_crontabs.last_execution is null or known_crontabs.last_execution < excluded.last_execution)
        returning known_crontabs.identifier
      )
      select
        ${escapedWorkerSchema}.add_job(
          specs.task,
          specs.payload,
          specs.queue_name,
          coalesce(specs.run_at, $3::timestamptz, now()),
          specs.max_attempts,
          specs.job_key,
          specs.priority,
          null, -- flags
          specs.job_key_mode
        )
      from specs
      inner join locks on (locks.identifier = specs.identifier)
      order by specs.index asc
    `,
        values: [
            JSON.stringify(jobsAndIdentifiers),
            ts,
            useNodeTime ? new Date().toISOString() : null,
        ],
        name: !preparedStatements
            ? undefined
            : `cron${useNodeTime ? "N" : ""}/${workerSchema}`,
    });
}
/**
 * Marks any previously unknown crontab identifiers as now being known. Then
 * performs backfilling on any crontab tasks that need it.
 */
async function registerAndBackfillItems(details) {
    const { ctx, pgPool, cron, workerSchema, preparedStatements, escapedWorkerSchema, parsedCronItems, startTime, useNodeTime, } = details;
    // First, scan the DB to get our starting point.
    const { rows } = await pgPool.query(`SELECT * FROM ${escapedWorkerSchema}._private_known_crontabs as known_crontabs`);
    const { backfillItemsAndDates, unknownIdentifiers } = getBackfillAndUnknownItems(parsedCronItems, rows);
    if (unknownIdentifiers.length) {
        // They're known now.
        await pgPool.query(`
      INSERT INTO ${escapedWorkerSchema}._private_known_crontabs AS known_crontabs (identifier, known_since)
      SELECT identifier, $2::timestamptz
      FROM unnest($1::text[]) AS unnest (identifier)
      ON CONFLICT DO NOTHING
      `, [unknownIdentifiers, startTime.toISOString()]);
    }
    // If any jobs are overdue, trigger them.
    // NOTE: this is not the fastest algorithm, we can definitely optimise this later.
    // First find out the largest backfill period:
    const largestBackfill = parsedCronItems.reduce((largest, item) => Math.max(item.options.backfillPeriod, largest), 0);
    // Then go back this period in time and fill forward from there.
    if (largestBackfill > 0) {
        // Unsafe because we mutate it during the loop (for performance); be sure
        // to take a copy of it (or convert to string) when used in places where
        // later mutation would cause issues.
        const unsafeTs = new Date(+startTime - largestBackfill);
        // Round up to the nearest minute.
        unsafeRoundToMinute(unsafeTs, true);
        // We're `await`-ing inside this loop: serialization is desired. If we were
        // to parallelize this (e.g. with `Promise.all`) then race conditions could
        // mean that backfilling of earlier tasks is skipped because
        // known_crontabs.last_execution may be advanced for a later backfill
        // before an earlier backfill occurs.
        while (unsafeTs < startTime) {
            const timeAgo = +startTime - +unsafeTs;
            // Note: `ts` and `digest` are both safe.
            const ts = unsafeTs.toISOString();
            const digest = digestTimestamp(unsafeTs);
            // The identifiers in this array are guaranteed to be unique, since cron
            // items are guaranteed to have unique identifiers.
            const itemsToBackfill = [];
            // See if anything needs backfilling for this timestamp
            for (const { item, notBefore, itemDetails } of backfillItemsAndDates) {
                if (item.options.backfillPeriod >= timeAgo &&
                    unsafeTs >= notBefore &&
                    item.match(digest)) {
                    itemsToBackfill.push({
                        identifier: item.identifier,
                        job: makeJobForItem(item, ts, true),
                        known_since: itemDetails.known_since,
                        last_execution: itemDetails.last_execution,
                    });
                }
            }
            if (itemsToBackfill.length) {
                // We're currently backfilling once per timestamp (rather than
                // gathering them all together and doing a single statement) due to
                // the way the last_execution column of the known_crontabs table works.
                // At this time it's not expected that backfilling will be sufficiently
                // expensive to justify optimising this further.
                (0, lib_1.safeEmit)(ctx, "cron:backfill", {
                    ctx,
                    cron,
                    itemsToBackfill,
                    timestamp: ts,
                });
                await scheduleCronJobs(pgPool, escapedWorkerSchema, itemsToBackfill, ts, useNodeTime, workerSchema, preparedStatements);
            }
            // Advance our counter (or risk infinite loop!).
            unsafeTs.setUTCMinutes(unsafeTs.getUTCMinutes() + 1);
        }
    }
}
/** One minute in milliseconds */
const ONE_MINUTE = 60 * 1000;
/**
 * Executes our scheduled jobs as required.
 *
 * This is not currently intended for usage directly; use `run` instead.
 *
 * @internal
 *
 * @param options - the common options
 * @param parsedCronItems - MUTABLE list of _parsed_ cron items to monitor. Do not assume this is static.
 * @param requirements - the helpers that this task needs
 */
const runCron = (compiledSharedOptions, parsedCronItems, requirements) => {
    const { pgPool } = requirements;
    const { logger, escapedWorkerSchema, workerSchema, events, resolvedPreset: { worker: { useNodeTime, preparedStatements = true }, }, } = compiledSharedOptions;
    const promise = (0, deferred_1.default)();
    let timeout = null;
    let stopCalled = false;
    function stop(e) {
        if (timeout) {
            clearTimeout(timeout);
            timeout = null;
        }
        if (!stopCalled) {
            stopCalled = true;
            if (e) {
                promise.reject((0, lib_1.coerceError)(e));
            }
            else {
                promise.resolve();
            }
        }
        else {
            logger.error("Graphile Worker internal bug in src/cron.ts: calling `stop()` more than once shouldn't be possible. Please report this.");
        }
    }
    let attempts = 0;
    function restartCronAfterDelay(error) {
        ++attempts;
        const delay = (0, lib_1.calculateDelay)(attempts - 1, CRON_RETRY);
        logger.error(`Cron hit an error; restarting in ${delay}ms (attempt ${attempts}): ${error}`, { error, attempts });
        (0, lib_1.sleep)(delay).then(cronMain).catch(restartCronAfterDelay);
    }
    async function cronMain() {
        if (!cron._active) {
            return stop();
        }
        const start = new Date();
        const ctx = compiledSharedOptions;
        (0, lib_1.safeEmit)(ctx, "cron:starting", { ctx, cron, start });
        // We must backfill BEFORE scheduling any new jobs otherwise backfill won't
        // work due to known_crontabs.last_execution having been updated.
        await registerAndBackfillItems({
            ctx,
            pgPool,
            events,
            cron,
            workerSchema,
            preparedStatements,
            escapedWorkerSchema,
            parsedCronItems,
            startTime: new Date(+start),
            useNodeTime,
        });
        (0, lib_1.safeEmit)(ctx, "cron:started", { ctx, cron, start });
        if (!cron._active) {
            return stop();
        }
        // The backfill may have taken a moment, we should continue from where the
        // worker started and catch up as quickly as we can. This does **NOT**
        // count as a backfill.
        /** This timestamp will be mutated! */
        const nextTimestamp = unsafeRoundToMinute(new Date(+start), true);
        const scheduleNextLoop = () => {
            if (!cron._active) {
                return stop();
            }
            // + 1 millisecond to try and ensure this happens in the next minute
            // rather than at the end of the previous.
            timeout = setTimeout(() => {
                timeout = null;
                loop();
            }, Math.max(+nextTimestamp - Date.now() + 1, 1));
        };
        async function loop() {
            try {
                if (!cron._active) {
                    return stop();
                }
                // Healthy!
                attempts = 0;
                // THIS MUST COME BEFORE nextTimestamp IS MUTATED
                const digest = digestTimestamp(nextTimestamp);
                const ts = nextTimestamp.toISOString();
                const expectedTimestamp = +nextTimestamp;
                // With seconds and milliseconds
                const currentTimestamp = Date.now();
                // Round to beginning of current minute; should match expectedTimestamp
                const roundedCurrentTimestamp = currentTimestamp - (currentTimestamp % ONE_MINUTE);
                /*
                 * In the event of clock skew, or overloaded runloop causing delays,
                 * it's possible that expectedTimestamp and roundedCurrentTimestamp
                 * might not match up. If we've not hit expectedTimestamp yet, we
                 * should just reschedule. If we've gone past expectedTimestamp then we
                 * should do as much work as is necessary to catch up, ignoring
                 * backfill since this is never expected to be a large period.
                 */
                if (roundedCurrentTimestamp < expectedTimestamp) {
                    logger.debug(`Graphile Worker Cron fired ${((expectedTimestamp - currentTimestamp) /
                        1000).toFixed(3)}s too early (clock skew?); rescheduling`, {
                        expectedTimestamp,
                        currentTimestamp,
                    });
                    (0, lib_1.safeEmit)(ctx, "cron:prematureTimer", {
                        ctx,
                        cron,
                        currentTimestamp,
                        expectedTimestamp,
                    });
                    // NOTE: we must NOT have mutated nextTimestamp before here in `loop()`.
                    scheduleNextLoop();
                    return;
                }
                else if (roundedCurrentTimestamp > expectedTimestamp) {
                    logger.debug(`Graphile Worker Cron fired too late; catching up (${Math.floor((currentTimestamp - expectedTimestamp) / ONE_MINUTE)}m${Math.floor(((currentTimestamp - expectedTimestamp) % ONE_MINUTE) / 1000)}s behind)`);
                    (0, lib_1.safeEmit)(ctx, "cron:overdueTimer", {
                        ctx,
                        cron,
                        currentTimestamp,
                        expectedTimestamp,
                    });
                }
                // The identifiers in this array are guaranteed to be unique.
                const jobsAndIdentifiers = [];
                // Gather the relevant jobs
                for (const item of parsedCronItems) {
                    if (item.match(digest)) {
                        jobsAndIdentifiers.push({
                            identifier: item.identifier,
                            job: makeJobForItem(item, ts),
                        });
                    }
                }
                // Finally actually run the jobs.
                if (jobsAndIdentifiers.length) {
                    (0, lib_1.safeEmit)(ctx, "cron:schedule", {
                        ctx,
                        cron,
                        timestamp: expectedTimestamp,
                        jobsAndIdentifiers,
                    });
                    await scheduleCronJobs(pgPool, escapedWorkerSchema, jobsAndIdentifiers, ts, useNodeTime, workerSchema, preparedStatements);
                    (0, lib_1.safeEmit)(ctx, "cron:scheduled", {
                        ctx,
                        cron,
                        timestamp: expectedTimestamp,
                        jobsAndIdentifiers,
                    });
                    if (!cron._active) {
                        return stop();
                    }
                }
                // MUTATE nextTimestamp: advance by a minute ready for the next run.
                nextTimestamp.setUTCMinutes(nextTimestamp.getUTCMinutes() + 1);
                // This must come at the very end (otherwise we might accidentally skip
                // timestamps on error).
                scheduleNextLoop();
            }
            catch (e) {
                // If something goes wrong; abort the current loop and restart cron
                // after an exponential back-off. This is essential because we need to
                // re-trigger the backfilling code.
                return restartCronAfterDelay((0, lib_1.coerceError)(e));
            }
        }
        scheduleNextLoop();
    }
    const cron = {
        _active: true,
        release() {
            if (cron._active) {
                cron._active = false;
                if (timeout) {
                    // Next loop is queued; lets cancel it early
                    stop();
                }
            }
            return promise;
        },
        promise,
    };
    cronMain().catch(restartCronAfterDelay);
    return cron;
};
exports.runCron = runCron;
/** @internal */
async function getParsedCronItemsFromOptions(compiledOptions, releasers) {
    const { resolvedPreset: { worker: { crontabFile }, }, _rawOptions: { parsedCronItems, crontab }, } = compiledOptions;
    if (!crontabFile && !parsedCronItems && !crontab) {
        return [];
    }
    if (crontab) {
        assert.ok(!parsedCronItems, "`crontab` and `parsedCronItems` must not be set at the same time.");
        return (0, crontab_1.parseCrontab)(crontab);
    }
    else if (parsedCronItems) {
        // Basic check to ensure that users remembered to call
        // `parseCronItems`/`parseCrontab`; not intended to be a full check, just a
        // quick one to catch the obvious errors. Keep in mind that
        // `parsedCronItems` is mutable so it may be changed later to contain more
        // entries; we can't keep performing these checks everywhere for
        // performance reasons.
        assert.ok(Array.isArray(parsedCronItems), "Expected `parsedCronItems` to be an array; you must use a helper e.g. `parseCrontab()` or `parseCronItems()` to produce this value.");
        const firstItem = parsedCronItems[0];
        if (firstItem) {
            if (!firstItem[interfaces_1.$$isParsed]) {
                throw new Error("Invalid `parsedCronItems`; you must use a helper e.g. `parseCrontab()` or `parseCronItems()` to produce this value.");
            }
        }
        return parsedCronItems;
    }
    else {
        const watchedCronItems = await (0, getCronItems_1.getCronItemsInternal)(compiledOptions, crontabFile);
        releasers.push(() => watchedCronItems.release());
        return watchedCronItems.items;
    }
}
exports.getParsedCronItemsFromOptions = getParsedCronItemsFromOptions;
/**
 * Digests a timestamp into its min/hour/date/month/dow components that are
 * needed for cron matching.
 *
 * WARNING: the timestamp passed into this function might be mutated later, so
 * **do not memoize** using the value itself. If memoization is necessary, it
 * could be done using `+ts` as the key.
 */
function digestTimestamp(ts) {
    const min = ts.getUTCMinutes();
    const hour = ts.getUTCHours();
    const date = ts.getUTCDate();
    const month = ts.getUTCMonth() + 1;
    const dow = ts.getUTCDay();
    return { min, hour, date, month, dow };
}
//# sourceMappingURL=cron.js.map

/***/ }),

/***/ 5262:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.PERIOD_DURATIONS = exports.TIMEPHRASE_PART = exports.CRONTAB_OPTIONS_PRIORITY = exports.CRONTAB_OPTIONS_JOB_KEY_MODE = exports.CRONTAB_OPTIONS_JOB_KEY = exports.CRONTAB_OPTIONS_QUEUE = exports.CRONTAB_OPTIONS_MAX = exports.CRONTAB_OPTIONS_BACKFILL = exports.CRONTAB_OPTIONS_ID = exports.CRONTAB_COMMAND = exports.CRONTAB_WILDCARD = exports.CRONTAB_RANGE = exports.CRONTAB_NUMBER = exports.CRONTAB_TIME_PARTS = exports.CRONTAB_LINE_PARTS = exports.WEEK = exports.DAY = exports.HOUR = exports.MINUTE = exports.SECOND = void 0;
/** One second in milliseconds */
exports.SECOND = 1000;
/** One minute in milliseconds */
exports.MINUTE = 60 * exports.SECOND;
/** One hour in milliseconds */
exports.HOUR = 60 * exports.MINUTE;
/** One day in milliseconds */
exports.DAY = 24 * exports.HOUR;
/** One week in milliseconds */
exports.WEEK = 7 * exports.DAY;
// A (non-comment, non-empty) line in the crontab file
/** Separates crontab line into the minute, hour, day of month, month, day of week and command parts. */
exports.CRONTAB_LINE_PARTS = /^([0-9*/,-]+)\s+([0-9*/,-]+)\s+([0-9*/,-]+)\s+([0-9*/,-]+)\s+([0-9*/,-]+)\s+(.*)$/;
/** Just the time expression from CRONTAB_LINE_PARTS */
exports.CRONTAB_TIME_PARTS = /^([0-9*/,-]+)\s+([0-9*/,-]+)\s+([0-9*/,-]+)\s+([0-9*/,-]+)\s+([0-9*/,-]+)$/;
// Crontab ranges from the minute, hour, day of month, month and day of week parts of the crontab line
/** Matches an explicit numeric value */
exports.CRONTAB_NUMBER = /^([0-9]+)$/;
/** Matches a range of numeric values */
exports.CRONTAB_RANGE = /^([0-9]+)-([0-9]+)$/;
/** Matches a numeric wildcard, optionally with a divisor */
exports.CRONTAB_WILDCARD = /^\*(?:\/([0-9]+))?$/;
// The command from the crontab line
/** Splits the command from the crontab line into the task, options and payload. */
exports.CRONTAB_COMMAND = /^([_a-zA-Z][_a-zA-Z0-9:/_-]*)(?:\s+\?([^\s]+))?(?:\s+(\{.*\}))?$/;
// Crontab command options
/** Matches the id=UID option, capturing the unique identifier */
exports.CRONTAB_OPTIONS_ID = /^([_a-zA-Z][-_a-zA-Z0-9]*)$/;
/** Matches the fill=t option, capturing the time phrase  */
exports.CRONTAB_OPTIONS_BACKFILL = /^((?:[0-9]+[smhdw])+)$/;
/** Matches the max=n option, capturing the max executions number */
exports.CRONTAB_OPTIONS_MAX = /^([0-9]+)$/;
/** Matches the queue=name option, capturing the queue name */
exports.CRONTAB_OPTIONS_QUEUE = /^([-a-zA-Z0-9_:]+)$/;
/** Matches the jobKey=foo option, capturing the unique identifier for the job */
exports.CRONTAB_OPTIONS_JOB_KEY = /^(.*)$/;
/** Matches the jobKeyMode=replace option, defining the replacement strategy this job */
exports.CRONTAB_OPTIONS_JOB_KEY_MODE = /^(replace|preserve_run_at)$/;
/** Matches the priority=n option, capturing the priority value */
exports.CRONTAB_OPTIONS_PRIORITY = /^(-?[0-9]+)$/;
/** Matches the quantity and period string at the beginning of a timephrase */
exports.TIMEPHRASE_PART = /^([0-9]+)([smhdw])/;
exports.PERIOD_DURATIONS = {
    s: exports.SECOND,
    m: exports.MINUTE,
    h: exports.HOUR,
    d: exports.DAY,
    w: exports.WEEK,
};
//# sourceMappingURL=cronConstants.js.map

/***/ }),

/***/ 197:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.createCronMatcher = exports.createCronMatcherFromRanges = exports.parseCronRangeString = void 0;
const cronConstants_1 = __webpack_require__(5262);
/**
 * Returns true if the cronItem should fire for the given timestamp digest,
 * false otherwise.
 *
 * @internal
 */
function cronItemMatches(cronItem, digest) {
    const { min, hour, date, month, dow } = digest;
    if (
    // If minute, hour and month match
    cronItem.minutes.includes(min) &&
        cronItem.hours.includes(hour) &&
        cronItem.months.includes(month)) {
        const dateIsExclusionary = cronItem.dates.length !== 31;
        const dowIsExclusionary = cronItem.dows.length !== 7;
        if (dateIsExclusionary && dowIsExclusionary) {
            // Cron has a special behaviour: if both date and day of week are
            // exclusionary (i.e. not "*") then a match for *either* passes.
            return cronItem.dates.includes(date) || cronItem.dows.includes(dow);
        }
        else if (dateIsExclusionary) {
            return cronItem.dates.includes(date);
        }
        else if (dowIsExclusionary) {
            return cronItem.dows.includes(dow);
        }
        else {
            return true;
        }
    }
    return false;
}
/**
 * Parses a range from a crontab line; a comma separated list of:
 *
 * - exact number
 * - wildcard `*` optionally with `/n` divisor
 * - range `a-b`
 *
 * Returns an ordered list of unique numbers in the range `min` to `max` that match the given range.
 *
 * If `wrap` is true, then the number `max + 1` will be replaced by the number
 * `min`; this is specifically to handle the value `7` being used to represent
 * Sunday (as opposed to `0` which is correct).
 */
const parseCrontabRange = (locationForError, range, min, max, wrap = false) => {
    const parts = range.split(",");
    const numbers = [];
    /**
     * Adds a number to our numbers array after wrapping it (if necessary) and
     * checking it's in the valid range.
     */
    function add(number) {
        const wrappedNumber = wrap && number === max + 1 ? min : number;
        if (wrappedNumber > max) {
            throw new Error(`Too large value '${number}' in ${locationForError}: expected values in the range ${min}-${max}.`);
        }
        else if (wrappedNumber < min) {
            throw new Error(`Too small value '${number}' in ${locationForError}: expected values in the range ${min}-${max}.`);
        }
        else {
            numbers.push(wrappedNumber);
        }
    }
    for (const part of parts) {
        {
            const matches = cronConstants_1.CRONTAB_NUMBER.exec(part);
            if (matches) {
                add(parseInt(matches[1], 10));
                continue;
            }
        }
        {
            const matches = cronConstants_1.CRONTAB_RANGE.exec(part);
            if (matches) {
                const a = parseInt(matches[1], 10);
                const b = parseInt(matches[2], 10);
                if (b <= a) {
                    throw new Error(`Invalid range '${part}' in ${locationForError}: destination is not larger than source`);
                }
                for (let i = a; i <= b; i++) {
                    add(i);
                }
                continue;
            }
        }
        {
            const matches = cronConstants_1.CRONTAB_WILDCARD.exec(part);
            if (matches) {
                const divisor = matches[1] ? parseInt(matches[1], 10) : 1;
                if (divisor >= 1) {
                    for (let i = min; i <= max; i += divisor) {
                        // We know this is fine, so no need to call `add`
                        numbers.push(i);
                    }
                }
                else {
                    throw new Error(`Invalid wildcard expression '${part}' in ${locationForError}: divisor '${matches[1]}' expected to be greater than zero`);
                }
                continue;
            }
        }
        throw new Error(`Unsupported syntax '${part}' in ${locationForError}: this doesn't appear to be a number, range or wildcard`);
    }
    numbers.sort((a, b) => a - b);
    // Filter out numbers that are identical to the previous number
    const uniqueNumbers = numbers.filter((currentNumber, idx) => idx === 0 || numbers[idx - 1] !== currentNumber);
    return uniqueNumbers;
};
/**
 * Processes a list of matches from the CRONTAB_LINE_PARTS or
 * CRONTAB_TIME_PARTS regexps and returns the parsed matches.
 *
 * @internal
 */
function parseCrontabRanges(matches, source) {
    const minutes = parseCrontabRange(`minutes range in ${source}`, matches[1], 0, 59);
    const hours = parseCrontabRange(`hours range in ${source}`, matches[2], 0, 23);
    const dates = parseCrontabRange(`dates range in ${source}`, matches[3], 1, 31);
    const months = parseCrontabRange(`months range in ${source}`, matches[4], 1, 12);
    const dows = parseCrontabRange(`days of week range in ${source}`, matches[5], 0, 6, true);
    return { minutes, hours, dates, months, dows };
}
const parseCronRangeString = (pattern, source) => {
    const matches = cronConstants_1.CRONTAB_TIME_PARTS.exec(pattern);
    if (!matches) {
        throw new Error(`Invalid cron pattern '${pattern}' in ${source}`);
    }
    return parseCrontabRanges(matches, source);
};
exports.parseCronRangeString = parseCronRangeString;
/**
 * Takes a list of matches from the CRONTAB_LINE_PARTS or CRONTAB_TIME_PARTS
 * regexps a CronMatcher function.
 *
 * @internal
 */
const createCronMatcherFromRanges = (matches, source) => {
    const parsedCronMatch = parseCrontabRanges(matches, source);
    const matcher = (digest) => cronItemMatches(parsedCronMatch, digest);
    Object.assign(matcher, { parsedCronMatch });
    return matcher;
};
exports.createCronMatcherFromRanges = createCronMatcherFromRanges;
/**
 * Creates a CronMatcher function from the given cron pattern.
 */
const createCronMatcher = (pattern, source) => {
    const matches = cronConstants_1.CRONTAB_TIME_PARTS.exec(pattern);
    if (!matches) {
        throw new Error(`Invalid cron pattern '${pattern}' in ${source}`);
    }
    return (0, exports.createCronMatcherFromRanges)(matches, source);
};
exports.createCronMatcher = createCronMatcher;
//# sourceMappingURL=cronMatcher.js.map

/***/ }),

/***/ 2244:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.parseCronItem = exports.parseCronItems = exports.parseCrontab = exports.parseCrontabLine = void 0;
const tslib_1 = __webpack_require__(1860);
const JSON5 = tslib_1.__importStar(__webpack_require__(4841));
const querystring_1 = __webpack_require__(3480);
const cronConstants_1 = __webpack_require__(5262);
const cronMatcher_1 = __webpack_require__(197);
const interfaces_1 = __webpack_require__(5891);
const lib_1 = __webpack_require__(8224);
/**
 * Returns a period of time in milliseconds representing the time phrase given.
 *
 * Time phrases are comprised of a sequence of number-letter combinations,
 * where the number represents a quantity and the letter represents a time
 * period, e.g.  `5d` for `five days`, or `3h` for `three hours`; e.g.
 * `4w3d2h1m` represents `four weeks, three days, 2 hours and 1 minute` (i.e. a
 * period of 44761 minutes).  The following time periods are supported:
 *
 * - `s` - one second (1000 milliseconds)
 * - `m` - one minute (60 seconds)
 * - `h` - one hour (60 minutes)
 * - `d` - on day (24 hours)
 * - `w` - one week (7 days)
 */
const parseTimePhrase = (timePhrase) => {
    let remaining = timePhrase;
    let milliseconds = 0;
    while (remaining.length) {
        const matches = cronConstants_1.TIMEPHRASE_PART.exec(remaining);
        if (!matches) {
            throw new Error(`Invalid time phrase '${timePhrase}', did not understand '${remaining}'`);
        }
        const [wholeMatch, quantity, period] = matches;
        const periodDuration = cronConstants_1.PERIOD_DURATIONS[period] || 0;
        milliseconds += parseInt(quantity, 10) * periodDuration;
        remaining = remaining.slice(wholeMatch.length);
    }
    return milliseconds;
};
const parseCrontabOptions = (lineNumber, optionsString) => {
    const parsed = optionsString != null ? (0, querystring_1.parse)(optionsString) : {};
    let backfillPeriod = undefined;
    let maxAttempts = undefined;
    let identifier = undefined;
    let queueName = undefined;
    let jobKey = undefined;
    let jobKeyMode = undefined;
    let priority = undefined;
    const matchers = {
        id: [
            cronConstants_1.CRONTAB_OPTIONS_ID,
            (matches) => {
                identifier = matches[1];
            },
        ],
        fill: [
            cronConstants_1.CRONTAB_OPTIONS_BACKFILL,
            (matches) => {
                backfillPeriod = parseTimePhrase(matches[1]);
            },
        ],
        max: [
            cronConstants_1.CRONTAB_OPTIONS_MAX,
            (matches) => {
                maxAttempts = parseInt(matches[1], 10);
            },
        ],
        queue: [
            cronConstants_1.CRONTAB_OPTIONS_QUEUE,
            (matches) => {
                queueName = matches[1];
            },
        ],
        jobKey: [
            cronConstants_1.CRONTAB_OPTIONS_JOB_KEY,
            (matches) => {
                jobKey = matches[1];
            },
        ],
        jobKeyMode: [
            cronConstants_1.CRONTAB_OPTIONS_JOB_KEY_MODE,
            (matches) => {
                jobKeyMode = matches[1];
            },
        ],
        priority: [
            cronConstants_1.CRONTAB_OPTIONS_PRIORITY,
            (matches) => {
                priority = parseInt(matches[1], 10);
            },
        ],
    };
    function match(matcher, key, value) {
        const [regex, set] = matcher;
        const matches = regex.exec(value);
        if (matches) {
            set(matches);
        }
        else {
            throw new Error(`Options on line ${lineNumber} of crontab contains invalid value for '${key}', value '${value}' is not compatible with this option.`);
        }
    }
    Object.entries(parsed).forEach(([key, value]) => {
        if (typeof value !== "string") {
            throw new Error(`Options on line ${lineNumber} of crontab contains invalid value for '${key}', did you specify it more than once?`);
        }
        const matcher = Object.prototype.hasOwnProperty.call(matchers, key)
            ? matchers[key]
            : null;
        if (matcher) {
            match(matcher, key, value);
        }
        else {
            throw new Error(`Options on line ${lineNumber} of crontab contains unsupported key '${key}'; supported keys are: '${Object.keys(matchers).join("', '")}'.`);
        }
    });
    // Apply some sensible defaults
    backfillPeriod ??= 0;
    if (!jobKeyMode && jobKey) {
        jobKeyMode = "replace";
    }
    return {
        options: {
            backfillPeriod,
            maxAttempts,
            queueName,
            priority,
            jobKey,
            jobKeyMode,
        },
        identifier,
    };
};
const parseCrontabPayload = (lineNumber, payloadString) => {
    if (!payloadString) {
        return null;
    }
    try {
        return JSON5.parse(payloadString);
    }
    catch (e) {
        throw new Error(`Failed to parse JSON5 payload on line ${lineNumber} of crontab: ${(0, lib_1.coerceError)(e).message}`);
    }
};
const parseCrontabCommand = (lineNumber, command) => {
    const matches = cronConstants_1.CRONTAB_COMMAND.exec(command);
    if (!matches) {
        throw new Error(`Invalid command specification in line ${lineNumber} of crontab.`);
    }
    const [, task, optionsString, payloadString] = matches;
    const { options, identifier = task } = parseCrontabOptions(lineNumber, optionsString);
    const payload = parseCrontabPayload(lineNumber, payloadString);
    return { task, options, payload, identifier };
};
/**
 * Parses a line from a crontab file, such as `* * * * * my_task`
 */
const parseCrontabLine = (crontabLine, lineNumber) => {
    const matches = cronConstants_1.CRONTAB_LINE_PARTS.exec(crontabLine);
    if (!matches) {
        throw new Error(`Could not process line '${lineNumber}' of crontab: '${crontabLine}'`);
    }
    const match = (0, cronMatcher_1.createCronMatcherFromRanges)(matches, `line ${lineNumber} of crontab`);
    const { task, options, payload, identifier } = parseCrontabCommand(lineNumber, matches[6]);
    return {
        [interfaces_1.$$isParsed]: true,
        match,
        task,
        options,
        payload,
        identifier,
    };
};
exports.parseCrontabLine = parseCrontabLine;
const parseCrontab = (crontab) => {
    const lines = crontab.split(/\r?\n/);
    const items = [];
    for (let lineNumber = 1, numberOfLines = lines.length; lineNumber <= numberOfLines; lineNumber++) {
        const line = lines[lineNumber - 1].trim();
        if (line.startsWith("#") || line === "") {
            // Ignore comment lines and empty lines
            continue;
        }
        items.push((0, exports.parseCrontabLine)(line, lineNumber));
    }
    // Assert that identifiers are unique
    const identifiers = items.map((i) => i.identifier);
    identifiers.sort();
    const duplicates = identifiers.filter((id, i) => i > 0 && id === identifiers[i - 1]);
    if (duplicates.length) {
        throw new Error(`Invalid crontab; duplicate identifiers found: '${duplicates.join("', '")}' - please use '?id=...' to specify unique identifiers for your cron items`);
    }
    return items;
};
exports.parseCrontab = parseCrontab;
/**
 * Parses a list of `CronItem`s into a list of `ParsedCronItem`s, ensuring the
 * results comply with all the expectations of the `ParsedCronItem` type
 * (including those that cannot be encoded in TypeScript).
 */
const parseCronItems = (items) => {
    return items.map((item, idx) => (0, exports.parseCronItem)(item, `item ${idx} of parseCronItems call`));
};
exports.parseCronItems = parseCronItems;
/**
 * Parses an individual `CronItem` into a `ParsedCronItem`, ensuring the
 * results comply with all the expectations of the `ParsedCronItem` type
 * (including those that cannot be encoded in TypeScript).
 */
const parseCronItem = (cronItem, source = "parseCronItem call") => {
    const { match: rawMatch, task, options, payload = {}, identifier = task, } = cronItem;
    if (cronItem.pattern) {
        throw new Error("Please rename the 'pattern' property to 'match'");
    }
    const match = typeof rawMatch === "string"
        ? (0, cronMatcher_1.createCronMatcher)(rawMatch, source)
        : rawMatch;
    if (typeof match !== "function") {
        throw new Error("Invalid 'match' configuration");
    }
    const parsedOptions = {
        ...options,
        backfillPeriod: options?.backfillPeriod ?? 0,
    };
    return {
        [interfaces_1.$$isParsed]: true,
        match,
        task,
        options: parsedOptions,
        payload,
        identifier,
    };
};
exports.parseCronItem = parseCronItem;
//# sourceMappingURL=crontab.js.map

/***/ }),

/***/ 4132:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
function defer() {
    let resolve;
    let reject;
    return Object.assign(new Promise((_resolve, _reject) => {
        resolve = _resolve;
        reject = _reject;
    }), 
    // @ts-ignore error TS2454: Variable 'resolve' is used before being assigned.
    { resolve, reject });
}
exports["default"] = defer;
//# sourceMappingURL=deferred.js.map

/***/ }),

/***/ 2540:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.tryStat = void 0;
const promises_1 = __webpack_require__(1943);
async function tryStat(pathToStat) {
    try {
        return await (0, promises_1.stat)(pathToStat);
    }
    catch (e) {
        return null;
    }
}
exports.tryStat = tryStat;
//# sourceMappingURL=fs.js.map

/***/ }),

/***/ 4469:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.migrations = void 0;
/* This file is auto-generated by `npm run build:sql`; DO NOT EDIT */
// prettier-ignore
exports.migrations = {
    "000001.sql": String.raw `--! breaking-change
-- Create the tables
create table :GRAPHILE_WORKER_SCHEMA.job_queues (
  queue_name text not null primary key,
  job_count int not null,
  locked_at timestamptz,
  locked_by text
);
alter table :GRAPHILE_WORKER_SCHEMA.job_queues enable row level security;

create table :GRAPHILE_WORKER_SCHEMA.jobs (
  id bigserial primary key,
  queue_name text not null,
  task_identifier text not null,
  payload json default '{}'::json not null,
  priority int default 0 not null,
  run_at timestamptz default now() not null,
  attempts int default 0 not null,
  max_attempts int default 25 not null,
  last_error text,
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now()
);
alter table :GRAPHILE_WORKER_SCHEMA.jobs enable row level security;

create index on :GRAPHILE_WORKER_SCHEMA.jobs (priority, run_at, id);

-- Keep updated_at up to date
create function :GRAPHILE_WORKER_SCHEMA.tg__update_timestamp() returns trigger as $$
begin
  new.updated_at = greatest(now(), old.updated_at + interval '1 millisecond');
  return new;
end;
$$ language plpgsql;
create trigger _100_timestamps before update on :GRAPHILE_WORKER_SCHEMA.jobs for each row execute procedure :GRAPHILE_WORKER_SCHEMA.tg__update_timestamp();

-- Manage the job_queues table - creating and deleting entries as appropriate
create function :GRAPHILE_WORKER_SCHEMA.jobs__decrease_job_queue_count() returns trigger as $$
declare
  v_new_job_count int;
begin
  update :GRAPHILE_WORKER_SCHEMA.job_queues
    set job_count = job_queues.job_count - 1
    where queue_name = old.queue_name
    returning job_count into v_new_job_count;

  if v_new_job_count <= 0 then
    delete from :GRAPHILE_WORKER_SCHEMA.job_queues where queue_name = old.queue_name and job_count <= 0;
  end if;

  return old;
end;
$$ language plpgsql;
create function :GRAPHILE_WORKER_SCHEMA.jobs__increase_job_queue_count() returns trigger as $$
begin
  insert into :GRAPHILE_WORKER_SCHEMA.job_queues(queue_name, job_count)
    values(new.queue_name, 1)
    on conflict (queue_name)
    do update
    set job_count = job_queues.job_count + 1;

  return new;
end;
$$ language plpgsql;
create trigger _500_increase_job_queue_count after insert on :GRAPHILE_WORKER_SCHEMA.jobs for each row execute procedure :GRAPHILE_WORKER_SCHEMA.jobs__increase_job_queue_count();
create trigger _500_decrease_job_queue_count after delete on :GRAPHILE_WORKER_SCHEMA.jobs for each row execute procedure :GRAPHILE_WORKER_SCHEMA.jobs__decrease_job_queue_count();
create trigger _500_increase_job_queue_count_update after update of queue_name on :GRAPHILE_WORKER_SCHEMA.jobs for each row execute procedure :GRAPHILE_WORKER_SCHEMA.jobs__increase_job_queue_count();
create trigger _500_decrease_job_queue_count_update after update of queue_name on :GRAPHILE_WORKER_SCHEMA.jobs for each row execute procedure :GRAPHILE_WORKER_SCHEMA.jobs__decrease_job_queue_count();

-- Notify worker of new jobs
create function :GRAPHILE_WORKER_SCHEMA.tg_jobs__notify_new_jobs() returns trigger as $$
begin
  perform pg_notify('jobs:insert', '');
  return new;
end;
$$ language plpgsql;
create trigger _900_notify_worker after insert on :GRAPHILE_WORKER_SCHEMA.jobs for each statement execute procedure :GRAPHILE_WORKER_SCHEMA.tg_jobs__notify_new_jobs();

-- Function to queue a job
create function :GRAPHILE_WORKER_SCHEMA.add_job(
  identifier text,
  payload json = '{}',
  queue_name text = null, -- was gen_random_uuid(), but later removed dependency
  run_at timestamptz = now(),
  max_attempts int = 25
) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
  insert into :GRAPHILE_WORKER_SCHEMA.jobs(task_identifier, payload, queue_name, run_at, max_attempts) values(identifier, payload, queue_name, run_at, max_attempts) returning *;
$$ language sql;

-- The main function - find me a job to do!
create function :GRAPHILE_WORKER_SCHEMA.get_job(worker_id text, task_identifiers text[] = null, job_expiry interval = interval '4 hours') returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_job_id bigint;
  v_queue_name text;
  v_default_job_max_attempts text = '25';
  v_row :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  if worker_id is null or length(worker_id) < 10 then
    raise exception 'invalid worker id';
  end if;

  select job_queues.queue_name, jobs.id into v_queue_name, v_job_id
    from :GRAPHILE_WORKER_SCHEMA.jobs
    inner join :GRAPHILE_WORKER_SCHEMA.job_queues using (queue_name)
    where (locked_at is null or locked_at < (now() - job_expiry))
    and run_at <= now()
    and attempts < max_attempts
    and (task_identifiers is null or task_identifier = any(task_identifiers))
    order by priority asc, run_at asc, id asc
    limit 1
    for update of job_queues
    skip locked;

  if v_queue_name is null then
    return null;
  end if;

  update :GRAPHILE_WORKER_SCHEMA.job_queues
    set
      locked_by = worker_id,
      locked_at = now()
    where job_queues.queue_name = v_queue_name;

  update :GRAPHILE_WORKER_SCHEMA.jobs
    set attempts = attempts + 1
    where id = v_job_id
    returning * into v_row;

  return v_row;
end;
$$ language plpgsql;

-- I was successful, mark the job as completed
create function :GRAPHILE_WORKER_SCHEMA.complete_job(worker_id text, job_id bigint) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_row :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  delete from :GRAPHILE_WORKER_SCHEMA.jobs
    where id = job_id
    returning * into v_row;

  update :GRAPHILE_WORKER_SCHEMA.job_queues
    set locked_by = null, locked_at = null
    where queue_name = v_row.queue_name and locked_by = worker_id;

  return v_row;
end;
$$ language plpgsql;

-- I was unsuccessful, re-schedule the job please
create function :GRAPHILE_WORKER_SCHEMA.fail_job(worker_id text, job_id bigint, error_message text) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_row :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      last_error = error_message,
      run_at = greatest(now(), run_at) + (exp(least(attempts, 10))::text || ' seconds')::interval
    where id = job_id
    returning * into v_row;

  update :GRAPHILE_WORKER_SCHEMA.job_queues
    set locked_by = null, locked_at = null
    where queue_name = v_row.queue_name and locked_by = worker_id;

  return v_row;
end;
$$ language plpgsql;

`,
    "000002.sql": String.raw `alter table :GRAPHILE_WORKER_SCHEMA.jobs add column key text unique check(length(key) > 0);

alter table :GRAPHILE_WORKER_SCHEMA.jobs add locked_at timestamptz;
alter table :GRAPHILE_WORKER_SCHEMA.jobs add locked_by text;

-- update any in-flight jobs
update :GRAPHILE_WORKER_SCHEMA.jobs
  set locked_at = q.locked_at, locked_by = q.locked_by
  from :GRAPHILE_WORKER_SCHEMA.job_queues q
  where q.queue_name = jobs.queue_name
  and q.locked_at is not null;

-- update add_job behaviour to meet new requirements
drop function if exists :GRAPHILE_WORKER_SCHEMA.add_job(
  identifier text,
  payload json,
  queue_name text,
  run_at timestamptz,
  max_attempts int
);
create function :GRAPHILE_WORKER_SCHEMA.add_job(
  identifier text,
  payload json = '{}',
  queue_name text = null,
  run_at timestamptz = now(),
  max_attempts int = 25,
  job_key text = null
) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  if job_key is not null then
    -- Upsert job
    insert into :GRAPHILE_WORKER_SCHEMA.jobs (task_identifier, payload, queue_name, run_at, max_attempts, key)
      values(
        identifier,
        payload,
        queue_name,
        run_at,
        max_attempts,
        job_key
      )
      on conflict (key) do update set
        -- update all job details other than queue_name, which we want to keep
        -- the same unless explicitly provided
        task_identifier=excluded.task_identifier,
        payload=excluded.payload,
        queue_name=coalesce(add_job.queue_name, jobs.queue_name),
        max_attempts=excluded.max_attempts,
        run_at=excluded.run_at,

        -- always reset error/retry state
        attempts=0,
        last_error=null
      where jobs.locked_at is null
      returning *
      into v_job;

    -- If upsert succeeded (insert or update), return early
    if not (v_job is null) then
      return v_job;
    end if;

    -- Upsert failed -> there must be an existing job that is locked. Remove
    -- existing key to allow a new one to be inserted, and prevent any
    -- subsequent retries by bumping attempts to the max allowed.
    update :GRAPHILE_WORKER_SCHEMA.jobs
      set
        key = null,
        attempts = jobs.max_attempts
      where key = job_key;
  end if;

  -- insert the new job. Assume no conflicts due to the update above
  insert into :GRAPHILE_WORKER_SCHEMA.jobs(task_identifier, payload, queue_name, run_at, max_attempts, key)
    values(
      identifier,
      payload,
      queue_name,
      run_at,
      max_attempts,
      job_key
    )
    returning *
    into v_job;

  return v_job;
end;
$$ language plpgsql volatile;

--- implement new remove_job function

create function :GRAPHILE_WORKER_SCHEMA.remove_job(
  job_key text
) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
  delete from :GRAPHILE_WORKER_SCHEMA.jobs
    where key = job_key
    and locked_at is null
  returning *;
$$ language sql strict volatile;

-- Update other functions to handle locked_at denormalisation

create or replace function :GRAPHILE_WORKER_SCHEMA.get_job(worker_id text, task_identifiers text[] = null, job_expiry interval = interval '4 hours') returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_job_id bigint;
  v_queue_name text;
  v_row :GRAPHILE_WORKER_SCHEMA.jobs;
  v_now timestamptz = now();
begin
  if worker_id is null or length(worker_id) < 10 then
    raise exception 'invalid worker id';
  end if;

  select job_queues.queue_name, jobs.id into v_queue_name, v_job_id
    from :GRAPHILE_WORKER_SCHEMA.jobs
    inner join :GRAPHILE_WORKER_SCHEMA.job_queues using (queue_name)
    where (job_queues.locked_at is null or job_queues.locked_at < (v_now - job_expiry))
    and run_at <= v_now
    and attempts < max_attempts
    and (task_identifiers is null or task_identifier = any(task_identifiers))
    order by priority asc, run_at asc, id asc
    limit 1
    for update of job_queues
    skip locked;

  if v_queue_name is null then
    return null;
  end if;

  update :GRAPHILE_WORKER_SCHEMA.job_queues
    set
      locked_by = worker_id,
      locked_at = v_now
    where job_queues.queue_name = v_queue_name;

  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      attempts = attempts + 1,
      locked_by = worker_id,
      locked_at = v_now
    where id = v_job_id
    returning * into v_row;

  return v_row;
end;
$$ language plpgsql volatile;

-- I was unsuccessful, re-schedule the job please
create or replace function :GRAPHILE_WORKER_SCHEMA.fail_job(worker_id text, job_id bigint, error_message text) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_row :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      last_error = error_message,
      run_at = greatest(now(), run_at) + (exp(least(attempts, 10))::text || ' seconds')::interval,
      locked_by = null,
      locked_at = null
    where id = job_id and locked_by = worker_id
    returning * into v_row;

  update :GRAPHILE_WORKER_SCHEMA.job_queues
    set locked_by = null, locked_at = null
    where queue_name = v_row.queue_name and locked_by = worker_id;

  return v_row;
end;
$$ language plpgsql volatile strict;
`,
    "000003.sql": String.raw `--! breaking-change
alter table :GRAPHILE_WORKER_SCHEMA.jobs alter column queue_name drop not null;

create or replace function :GRAPHILE_WORKER_SCHEMA.add_job(
  identifier text,
  payload json = '{}',
  queue_name text = null,
  run_at timestamptz = now(),
  max_attempts int = 25,
  job_key text = null
) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  if job_key is not null then
    -- Upsert job
    insert into :GRAPHILE_WORKER_SCHEMA.jobs (task_identifier, payload, queue_name, run_at, max_attempts, key)
      values(
        identifier,
        payload,
        queue_name,
        run_at,
        max_attempts,
        job_key
      )
      on conflict (key) do update set
        task_identifier=excluded.task_identifier,
        payload=excluded.payload,
        queue_name=excluded.queue_name,
        max_attempts=excluded.max_attempts,
        run_at=excluded.run_at,

        -- always reset error/retry state
        attempts=0,
        last_error=null
      where jobs.locked_at is null
      returning *
      into v_job;

    -- If upsert succeeded (insert or update), return early
    if not (v_job is null) then
      return v_job;
    end if;

    -- Upsert failed -> there must be an existing job that is locked. Remove
    -- existing key to allow a new one to be inserted, and prevent any
    -- subsequent retries by bumping attempts to the max allowed.
    update :GRAPHILE_WORKER_SCHEMA.jobs
      set
        key = null,
        attempts = jobs.max_attempts
      where key = job_key;
  end if;

  -- insert the new job. Assume no conflicts due to the update above
  insert into :GRAPHILE_WORKER_SCHEMA.jobs(task_identifier, payload, queue_name, run_at, max_attempts, key)
    values(
      identifier,
      payload,
      queue_name,
      run_at,
      max_attempts,
      job_key
    )
    returning *
    into v_job;

  return v_job;
end;
$$ language plpgsql volatile;

create or replace function :GRAPHILE_WORKER_SCHEMA.get_job(worker_id text, task_identifiers text[] = null, job_expiry interval = interval '4 hours') returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_job_id bigint;
  v_queue_name text;
  v_row :GRAPHILE_WORKER_SCHEMA.jobs;
  v_now timestamptz = now();
begin
  if worker_id is null or length(worker_id) < 10 then
    raise exception 'invalid worker id';
  end if;

  select jobs.queue_name, jobs.id into v_queue_name, v_job_id
    from :GRAPHILE_WORKER_SCHEMA.jobs
    where (jobs.locked_at is null or jobs.locked_at < (v_now - job_expiry))
    and (
      jobs.queue_name is null
    or
      exists (
        select 1
        from :GRAPHILE_WORKER_SCHEMA.job_queues
        where job_queues.queue_name = jobs.queue_name
        and (job_queues.locked_at is null or job_queues.locked_at < (v_now - job_expiry))
        for update
        skip locked
      )
    )
    and run_at <= v_now
    and attempts < max_attempts
    and (task_identifiers is null or task_identifier = any(task_identifiers))
    order by priority asc, run_at asc, id asc
    limit 1
    for update
    skip locked;

  if v_job_id is null then
    return null;
  end if;

  if v_queue_name is not null then
    update :GRAPHILE_WORKER_SCHEMA.job_queues
      set
        locked_by = worker_id,
        locked_at = v_now
      where job_queues.queue_name = v_queue_name;
  end if;

  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      attempts = attempts + 1,
      locked_by = worker_id,
      locked_at = v_now
    where id = v_job_id
    returning * into v_row;

  return v_row;
end;
$$ language plpgsql volatile;

create or replace function :GRAPHILE_WORKER_SCHEMA.fail_job(worker_id text, job_id bigint, error_message text) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_row :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      last_error = error_message,
      run_at = greatest(now(), run_at) + (exp(least(attempts, 10))::text || ' seconds')::interval,
      locked_by = null,
      locked_at = null
    where id = job_id and locked_by = worker_id
    returning * into v_row;

  if v_row.queue_name is not null then
    update :GRAPHILE_WORKER_SCHEMA.job_queues
      set locked_by = null, locked_at = null
      where queue_name = v_row.queue_name and locked_by = worker_id;
  end if;

  return v_row;
end;
$$ language plpgsql volatile strict;

create or replace function :GRAPHILE_WORKER_SCHEMA.complete_job(worker_id text, job_id bigint) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_row :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  delete from :GRAPHILE_WORKER_SCHEMA.jobs
    where id = job_id
    returning * into v_row;

  if v_row.queue_name is not null then
    update :GRAPHILE_WORKER_SCHEMA.job_queues
      set locked_by = null, locked_at = null
      where queue_name = v_row.queue_name and locked_by = worker_id;
  end if;

  return v_row;
end;
$$ language plpgsql;

drop trigger _500_increase_job_queue_count on :GRAPHILE_WORKER_SCHEMA.jobs;
drop trigger _500_decrease_job_queue_count on :GRAPHILE_WORKER_SCHEMA.jobs;
drop trigger _500_increase_job_queue_count_update on :GRAPHILE_WORKER_SCHEMA.jobs;
drop trigger _500_decrease_job_queue_count_update on :GRAPHILE_WORKER_SCHEMA.jobs;
create trigger _500_increase_job_queue_count after insert on :GRAPHILE_WORKER_SCHEMA.jobs for each row when (NEW.queue_name is not null) execute procedure :GRAPHILE_WORKER_SCHEMA.jobs__increase_job_queue_count();
create trigger _500_decrease_job_queue_count after delete on :GRAPHILE_WORKER_SCHEMA.jobs for each row when (OLD.queue_name is not null) execute procedure :GRAPHILE_WORKER_SCHEMA.jobs__decrease_job_queue_count();
create trigger _500_increase_job_queue_count_update after update of queue_name on :GRAPHILE_WORKER_SCHEMA.jobs for each row when (NEW.queue_name is distinct from OLD.queue_name AND NEW.queue_name is not null) execute procedure :GRAPHILE_WORKER_SCHEMA.jobs__increase_job_queue_count();
create trigger _500_decrease_job_queue_count_update after update of queue_name on :GRAPHILE_WORKER_SCHEMA.jobs for each row when (NEW.queue_name is distinct from OLD.queue_name AND OLD.queue_name is not null) execute procedure :GRAPHILE_WORKER_SCHEMA.jobs__decrease_job_queue_count();
`,
    "000004.sql": String.raw `drop function :GRAPHILE_WORKER_SCHEMA.add_job(text, json, text, timestamptz, int, text);

create function :GRAPHILE_WORKER_SCHEMA.add_job(
  identifier text,
  payload json = null,
  queue_name text = null,
  run_at timestamptz = null,
  max_attempts int = null,
  job_key text = null,
  priority int = null
) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  -- Apply rationality checks
  if length(identifier) > 128 then
    raise exception 'Task identifier is too long (max length: 128).' using errcode = 'GWBID';
  end if;
  if queue_name is not null and length(queue_name) > 128 then
    raise exception 'Job queue name is too long (max length: 128).' using errcode = 'GWBQN';
  end if;
  if job_key is not null and length(job_key) > 512 then
    raise exception 'Job key is too long (max length: 512).' using errcode = 'GWBJK';
  end if;
  if max_attempts < 1 then
    raise exception 'Job maximum attempts must be at least 1' using errcode = 'GWBMA';
  end if;

  if job_key is not null then
    -- Upsert job
    insert into :GRAPHILE_WORKER_SCHEMA.jobs (
      task_identifier,
      payload,
      queue_name,
      run_at,
      max_attempts,
      key,
      priority
    )
      values(
        identifier,
        coalesce(payload, '{}'::json),
        queue_name,
        coalesce(run_at, now()),
        coalesce(max_attempts, 25),
        job_key,
        coalesce(priority, 0)
      )
      on conflict (key) do update set
        task_identifier=excluded.task_identifier,
        payload=excluded.payload,
        queue_name=excluded.queue_name,
        max_attempts=excluded.max_attempts,
        run_at=excluded.run_at,
        priority=excluded.priority,

        -- always reset error/retry state
        attempts=0,
        last_error=null
      where jobs.locked_at is null
      returning *
      into v_job;

    -- If upsert succeeded (insert or update), return early
    if not (v_job is null) then
      return v_job;
    end if;

    -- Upsert failed -> there must be an existing job that is locked. Remove
    -- existing key to allow a new one to be inserted, and prevent any
    -- subsequent retries by bumping attempts to the max allowed.
    update :GRAPHILE_WORKER_SCHEMA.jobs
      set
        key = null,
        attempts = jobs.max_attempts
      where key = job_key;
  end if;

  -- insert the new job. Assume no conflicts due to the update above
  insert into :GRAPHILE_WORKER_SCHEMA.jobs(
    task_identifier,
    payload,
    queue_name,
    run_at,
    max_attempts,
    key,
    priority
  )
    values(
      identifier,
      coalesce(payload, '{}'::json),
      queue_name,
      coalesce(run_at, now()),
      coalesce(max_attempts, 25),
      job_key,
      coalesce(priority, 0)
    )
    returning *
    into v_job;

  return v_job;
end;
$$ language plpgsql volatile;

create function :GRAPHILE_WORKER_SCHEMA.complete_jobs(
  job_ids bigint[]
) returns setof :GRAPHILE_WORKER_SCHEMA.jobs as $$
  delete from :GRAPHILE_WORKER_SCHEMA.jobs
    where id = any(job_ids)
    and (
      locked_by is null
    or
      locked_at < NOW() - interval '4 hours'
    )
    returning *;
$$ language sql volatile;

create function :GRAPHILE_WORKER_SCHEMA.permanently_fail_jobs(
  job_ids bigint[],
  error_message text = null
) returns setof :GRAPHILE_WORKER_SCHEMA.jobs as $$
  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      last_error = coalesce(error_message, 'Manually marked as failed'),
      attempts = max_attempts
    where id = any(job_ids)
    and (
      locked_by is null
    or
      locked_at < NOW() - interval '4 hours'
    )
    returning *;
$$ language sql volatile;

create function :GRAPHILE_WORKER_SCHEMA.reschedule_jobs(
  job_ids bigint[],
  run_at timestamptz = null,
  priority int = null,
  attempts int = null,
  max_attempts int = null
) returns setof :GRAPHILE_WORKER_SCHEMA.jobs as $$
  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      run_at = coalesce(reschedule_jobs.run_at, jobs.run_at),
      priority = coalesce(reschedule_jobs.priority, jobs.priority),
      attempts = coalesce(reschedule_jobs.attempts, jobs.attempts),
      max_attempts = coalesce(reschedule_jobs.max_attempts, jobs.max_attempts)
    where id = any(job_ids)
    and (
      locked_by is null
    or
      locked_at < NOW() - interval '4 hours'
    )
    returning *;
$$ language sql volatile;
`,
    "000005.sql": String.raw `alter table :GRAPHILE_WORKER_SCHEMA.jobs add column revision int default 0 not null;
alter table :GRAPHILE_WORKER_SCHEMA.jobs add column flags jsonb default null;

drop function :GRAPHILE_WORKER_SCHEMA.add_job(text, json, text, timestamptz, int, text, int);
create function :GRAPHILE_WORKER_SCHEMA.add_job(
  identifier text,
  payload json = null,
  queue_name text = null,
  run_at timestamptz = null,
  max_attempts int = null,
  job_key text = null,
  priority int = null,
  flags text[] = null
) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  -- Apply rationality checks
  if length(identifier) > 128 then
    raise exception 'Task identifier is too long (max length: 128).' using errcode = 'GWBID';
  end if;
  if queue_name is not null and length(queue_name) > 128 then
    raise exception 'Job queue name is too long (max length: 128).' using errcode = 'GWBQN';
  end if;
  if job_key is not null and length(job_key) > 512 then
    raise exception 'Job key is too long (max length: 512).' using errcode = 'GWBJK';
  end if;
  if max_attempts < 1 then
    raise exception 'Job maximum attempts must be at least 1' using errcode = 'GWBMA';
  end if;

  if job_key is not null then
    -- Upsert job
    insert into :GRAPHILE_WORKER_SCHEMA.jobs (
      task_identifier,
      payload,
      queue_name,
      run_at,
      max_attempts,
      key,
      priority,
      flags
    )
      values(
        identifier,
        coalesce(payload, '{}'::json),
        queue_name,
        coalesce(run_at, now()),
        coalesce(max_attempts, 25),
        job_key,
        coalesce(priority, 0),
        (
          select jsonb_object_agg(flag, true)
          from unnest(flags) as item(flag)
        )
      )
      on conflict (key) do update set
        task_identifier=excluded.task_identifier,
        payload=excluded.payload,
        queue_name=excluded.queue_name,
        max_attempts=excluded.max_attempts,
        run_at=excluded.run_at,
        priority=excluded.priority,
        revision=jobs.revision + 1,
        flags=excluded.flags,

        -- always reset error/retry state
        attempts=0,
        last_error=null
      where jobs.locked_at is null
      returning *
      into v_job;

    -- If upsert succeeded (insert or update), return early
    if not (v_job is null) then
      return v_job;
    end if;

    -- Upsert failed -> there must be an existing job that is locked. Remove
    -- existing key to allow a new one to be inserted, and prevent any
    -- subsequent retries by bumping attempts to the max allowed.
    update :GRAPHILE_WORKER_SCHEMA.jobs
      set
        key = null,
        attempts = jobs.max_attempts
      where key = job_key;
  end if;

  -- insert the new job. Assume no conflicts due to the update above
  insert into :GRAPHILE_WORKER_SCHEMA.jobs(
    task_identifier,
    payload,
    queue_name,
    run_at,
    max_attempts,
    key,
    priority,
    flags
  )
    values(
      identifier,
      coalesce(payload, '{}'::json),
      queue_name,
      coalesce(run_at, now()),
      coalesce(max_attempts, 25),
      job_key,
      coalesce(priority, 0),
      (
        select jsonb_object_agg(flag, true)
        from unnest(flags) as item(flag)
      )
    )
    returning *
    into v_job;

  return v_job;
end;
$$ language plpgsql volatile;

drop function :GRAPHILE_WORKER_SCHEMA.get_job(text, text[], interval);
create function :GRAPHILE_WORKER_SCHEMA.get_job(
  worker_id text,
  task_identifiers text[] = null,
  job_expiry interval = interval '4 hours',
  forbidden_flags text[] = null
) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_job_id bigint;
  v_queue_name text;
  v_row :GRAPHILE_WORKER_SCHEMA.jobs;
  v_now timestamptz = now();
begin
  if worker_id is null or length(worker_id) < 10 then
    raise exception 'invalid worker id';
  end if;

  select jobs.queue_name, jobs.id into v_queue_name, v_job_id
    from :GRAPHILE_WORKER_SCHEMA.jobs
    where (jobs.locked_at is null or jobs.locked_at < (v_now - job_expiry))
    and (
      jobs.queue_name is null
    or
      exists (
        select 1
        from :GRAPHILE_WORKER_SCHEMA.job_queues
        where job_queues.queue_name = jobs.queue_name
        and (job_queues.locked_at is null or job_queues.locked_at < (v_now - job_expiry))
        for update
        skip locked
      )
    )
    and run_at <= v_now
    and attempts < max_attempts
    and (task_identifiers is null or task_identifier = any(task_identifiers))
    and (forbidden_flags is null or (flags ?| forbidden_flags) is not true)
    order by priority asc, run_at asc, id asc
    limit 1
    for update
    skip locked;

  if v_job_id is null then
    return null;
  end if;

  if v_queue_name is not null then
    update :GRAPHILE_WORKER_SCHEMA.job_queues
      set
        locked_by = worker_id,
        locked_at = v_now
      where job_queues.queue_name = v_queue_name;
  end if;

  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      attempts = attempts + 1,
      locked_by = worker_id,
      locked_at = v_now
    where id = v_job_id
    returning * into v_row;

  return v_row;
end;
$$ language plpgsql volatile;

`,
    "000006.sql": String.raw `create index jobs_priority_run_at_id_locked_at_without_failures_idx
  on :GRAPHILE_WORKER_SCHEMA.jobs (priority, run_at, id, locked_at)
  where attempts < max_attempts;

drop index :GRAPHILE_WORKER_SCHEMA.jobs_priority_run_at_id_idx;

`,
    "000007.sql": String.raw `drop function :GRAPHILE_WORKER_SCHEMA.add_job(text, json, text, timestamptz, int, text, int, text[]);
create function :GRAPHILE_WORKER_SCHEMA.add_job(
  identifier text,
  payload json = null,
  queue_name text = null,
  run_at timestamptz = null,
  max_attempts integer = null,
  job_key text = null,
  priority integer = null,
  flags text[] = null,
  job_key_mode text = 'replace'
) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  -- Apply rationality checks
  if length(identifier) > 128 then
    raise exception 'Task identifier is too long (max length: 128).' using errcode = 'GWBID';
  end if;
  if queue_name is not null and length(queue_name) > 128 then
    raise exception 'Job queue name is too long (max length: 128).' using errcode = 'GWBQN';
  end if;
  if job_key is not null and length(job_key) > 512 then
    raise exception 'Job key is too long (max length: 512).' using errcode = 'GWBJK';
  end if;
  if max_attempts < 1 then
    raise exception 'Job maximum attempts must be at least 1.' using errcode = 'GWBMA';
  end if;
  if job_key is not null and (job_key_mode is null or job_key_mode in ('replace', 'preserve_run_at')) then
    -- Upsert job if existing job isn't locked, but in the case of locked
    -- existing job create a new job instead as it must have already started
    -- executing (i.e. it's world state is out of date, and the fact add_job
    -- has been called again implies there's new information that needs to be
    -- acted upon).
    insert into :GRAPHILE_WORKER_SCHEMA.jobs (
      task_identifier,
      payload,
      queue_name,
      run_at,
      max_attempts,
      key,
      priority,
      flags
    )
      values(
        identifier,
        coalesce(payload, '{}'::json),
        queue_name,
        coalesce(run_at, now()),
        coalesce(max_attempts, 25),
        job_key,
        coalesce(priority, 0),
        (
          select jsonb_object_agg(flag, true)
          from unnest(flags) as item(flag)
        )
      )
      on conflict (key) do update set
        task_identifier=excluded.task_identifier,
        payload=excluded.payload,
        queue_name=excluded.queue_name,
        max_attempts=excluded.max_attempts,
        run_at=(case
          when job_key_mode = 'preserve_run_at' and jobs.attempts = 0 then jobs.run_at
          else excluded.run_at
        end),
        priority=excluded.priority,
        revision=jobs.revision + 1,
        flags=excluded.flags,
        -- always reset error/retry state
        attempts=0,
        last_error=null
      where jobs.locked_at is null
      returning *
      into v_job;
    -- If upsert succeeded (insert or update), return early
    if not (v_job is null) then
      return v_job;
    end if;
    -- Upsert failed -> there must be an existing job that is locked. Remove
    -- existing key to allow a new one to be inserted, and prevent any
    -- subsequent retries of existing job by bumping attempts to the max
    -- allowed.
    update :GRAPHILE_WORKER_SCHEMA.jobs
      set
        key = null,
        attempts = jobs.max_attempts
      where key = job_key;
  elsif job_key is not null and job_key_mode = 'unsafe_dedupe' then
    -- Insert job, but if one already exists then do nothing, even if the
    -- existing job has already started (and thus represents an out-of-date
    -- world state). This is dangerous because it means that whatever state
    -- change triggered this add_job may not be acted upon (since it happened
    -- after the existing job started executing, but no further job is being
    -- scheduled), but it is useful in very rare circumstances for
    -- de-duplication. If in doubt, DO NOT USE THIS.
    insert into :GRAPHILE_WORKER_SCHEMA.jobs (
      task_identifier,
      payload,
      queue_name,
      run_at,
      max_attempts,
      key,
      priority,
      flags
    )
      values(
        identifier,
        coalesce(payload, '{}'::json),
        queue_name,
        coalesce(run_at, now()),
        coalesce(max_attempts, 25),
        job_key,
        coalesce(priority, 0),
        (
          select jsonb_object_agg(flag, true)
          from unnest(flags) as item(flag)
        )
      )
      on conflict (key)
      -- Bump the revision so that there's something to return
      do update set revision = jobs.revision + 1
      returning *
      into v_job;
    return v_job;
  elsif job_key is not null then
    raise exception 'Invalid job_key_mode value, expected ''replace'', ''preserve_run_at'' or ''unsafe_dedupe''.' using errcode = 'GWBKM';
  end if;
  -- insert the new job. Assume no conflicts due to the update above
  insert into :GRAPHILE_WORKER_SCHEMA.jobs(
    task_identifier,
    payload,
    queue_name,
    run_at,
    max_attempts,
    key,
    priority,
    flags
  )
    values(
      identifier,
      coalesce(payload, '{}'::json),
      queue_name,
      coalesce(run_at, now()),
      coalesce(max_attempts, 25),
      job_key,
      coalesce(priority, 0),
      (
        select jsonb_object_agg(flag, true)
        from unnest(flags) as item(flag)
      )
    )
    returning *
    into v_job;
  return v_job;
end;
$$ language plpgsql volatile;

create or replace function :GRAPHILE_WORKER_SCHEMA.remove_job(job_key text)
returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  -- Delete job if not locked
  delete from :GRAPHILE_WORKER_SCHEMA.jobs
    where key = job_key
    and locked_at is null
  returning * into v_job;
  if not (v_job is null) then
    return v_job;
  end if;
  -- Otherwise prevent job from retrying, and clear the key
  update :GRAPHILE_WORKER_SCHEMA.jobs
    set attempts = max_attempts, key = null
    where key = job_key
  returning * into v_job;
  return v_job;
end;
$$ language plpgsql strict;
`,
    "000008.sql": String.raw `create table :GRAPHILE_WORKER_SCHEMA.known_crontabs (
  identifier text not null primary key,
  known_since timestamptz not null,
  last_execution timestamptz
);
alter table :GRAPHILE_WORKER_SCHEMA.known_crontabs enable row level security;
`,
    "000009.sql": String.raw `drop function :GRAPHILE_WORKER_SCHEMA.get_job(text, text[], interval, text[]);
create function :GRAPHILE_WORKER_SCHEMA.get_job(
  worker_id text,
  task_identifiers text[] = null,
  job_expiry interval = interval '4 hours',
  forbidden_flags text[] = null,
  now timestamptz = now()
) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_job_id bigint;
  v_queue_name text;
  v_row :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  if worker_id is null or length(worker_id) < 10 then
    raise exception 'invalid worker id';
  end if;

  select jobs.queue_name, jobs.id into v_queue_name, v_job_id
    from :GRAPHILE_WORKER_SCHEMA.jobs
    where (jobs.locked_at is null or jobs.locked_at < (now - job_expiry))
    and (
      jobs.queue_name is null
    or
      exists (
        select 1
        from :GRAPHILE_WORKER_SCHEMA.job_queues
        where job_queues.queue_name = jobs.queue_name
        and (job_queues.locked_at is null or job_queues.locked_at < (now - job_expiry))
        for update
        skip locked
      )
    )
    and run_at <= now
    and attempts < max_attempts
    and (task_identifiers is null or task_identifier = any(task_identifiers))
    and (forbidden_flags is null or (flags ?| forbidden_flags) is not true)
    order by priority asc, run_at asc, id asc
    limit 1
    for update
    skip locked;

  if v_job_id is null then
    return null;
  end if;

  if v_queue_name is not null then
    update :GRAPHILE_WORKER_SCHEMA.job_queues
      set
        locked_by = worker_id,
        locked_at = now
      where job_queues.queue_name = v_queue_name;
  end if;

  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      attempts = attempts + 1,
      locked_by = worker_id,
      locked_at = now
    where id = v_job_id
    returning * into v_row;

  return v_row;
end;
$$ language plpgsql volatile;
`,
    "000010.sql": String.raw `alter table :GRAPHILE_WORKER_SCHEMA.jobs alter column queue_name drop default;
`,
    "000011.sql": String.raw `--! breaking-change
lock table :GRAPHILE_WORKER_SCHEMA.jobs;
lock table :GRAPHILE_WORKER_SCHEMA.job_queues;

-- If there's any locked jobs, abort via division by zero
select 1/(case when exists (
  select 1
  from :GRAPHILE_WORKER_SCHEMA.jobs
  where locked_at is not null
  and locked_at > NOW() - interval '4 hours'
) then 0 else 1 end);

alter table :GRAPHILE_WORKER_SCHEMA.jobs
alter column attempts type int2,
alter column max_attempts type int2,
alter column priority type int2;


drop function :GRAPHILE_WORKER_SCHEMA.complete_job;
drop function :GRAPHILE_WORKER_SCHEMA.fail_job;
drop function :GRAPHILE_WORKER_SCHEMA.get_job;



drop trigger _900_notify_worker on :GRAPHILE_WORKER_SCHEMA.jobs;
drop function :GRAPHILE_WORKER_SCHEMA.add_job;
drop function :GRAPHILE_WORKER_SCHEMA.complete_jobs;
drop function :GRAPHILE_WORKER_SCHEMA.permanently_fail_jobs;
drop function :GRAPHILE_WORKER_SCHEMA.remove_job;
drop function :GRAPHILE_WORKER_SCHEMA.reschedule_jobs;
drop function :GRAPHILE_WORKER_SCHEMA.tg_jobs__notify_new_jobs;
alter table :GRAPHILE_WORKER_SCHEMA.jobs rename to jobs_legacy;
alter table :GRAPHILE_WORKER_SCHEMA.job_queues rename to job_queues_legacy;

create table :GRAPHILE_WORKER_SCHEMA.job_queues (
  id int primary key generated always as identity,
  queue_name text not null unique check (length(queue_name) <= 128),
  locked_at timestamptz,
  locked_by text,
  is_available boolean generated always as ((locked_at is null)) stored not null
);
alter table :GRAPHILE_WORKER_SCHEMA.job_queues enable row level security;

create table :GRAPHILE_WORKER_SCHEMA.tasks (
  id int primary key generated always as identity,
  identifier text not null unique check (length(identifier) <= 128)
);
alter table :GRAPHILE_WORKER_SCHEMA.tasks enable row level security;

create table :GRAPHILE_WORKER_SCHEMA.jobs (
  id bigint primary key generated always as identity,
  job_queue_id int null, -- not adding 'references' to eke out more performance
  task_id int not null,
  payload json default '{}'::json not null,
  priority smallint default 0 not null,
  run_at timestamptz default now() not null,
  attempts smallint default 0 not null,
  max_attempts smallint default 25 not null constraint jobs_max_attempts_check check (max_attempts >= 1),
  last_error text,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null,
  key text unique constraint jobs_key_check check (length(key) > 0 and length(key) <= 512),
  locked_at timestamptz,
  locked_by text,
  revision integer default 0 not null,
  flags jsonb,
  is_available boolean generated always as (((locked_at is null) and (attempts < max_attempts))) stored not null
);
alter table :GRAPHILE_WORKER_SCHEMA.jobs enable row level security;

create index jobs_main_index
  on :GRAPHILE_WORKER_SCHEMA.jobs
  using btree (priority, run_at)
  include (id, task_id, job_queue_id)
  where (is_available = true);

create index jobs_no_queue_index
  on :GRAPHILE_WORKER_SCHEMA.jobs
  using btree (priority, run_at)
  include (id, task_id)
  where (is_available = true and job_queue_id is null);

create type :GRAPHILE_WORKER_SCHEMA.job_spec as (
  identifier text,
  payload json,
  queue_name text,
  run_at timestamptz,
  max_attempts integer,
  job_key text,
  priority integer,
  flags text[]
);

create function :GRAPHILE_WORKER_SCHEMA.add_jobs(
  specs :GRAPHILE_WORKER_SCHEMA.job_spec[],
  job_key_preserve_run_at boolean default false
)
returns setof :GRAPHILE_WORKER_SCHEMA.jobs
as $$
begin
  -- Ensure all the tasks exist
  insert into :GRAPHILE_WORKER_SCHEMA.tasks (identifier)
  select distinct spec.identifier
  from unnest(specs) spec
  on conflict do nothing;

  -- Ensure all the queues exist
  insert into :GRAPHILE_WORKER_SCHEMA.job_queues (queue_name)
  select distinct spec.queue_name
  from unnest(specs) spec
  where spec.queue_name is not null
  on conflict do nothing;

  -- Ensure any locked jobs have their key cleared - in the case of locked
  -- existing job create a new job instead as it must have already started
  -- executing (i.e. it's world state is out of date, and the fact add_job
  -- has been called again implies there's new information that needs to be
  -- acted upon).
  update :GRAPHILE_WORKER_SCHEMA.jobs
  set
    key = null,
    attempts = jobs.max_attempts,
    updated_at = now()
  from unnest(specs) spec
  where spec.job_key is not null
  and jobs.key = spec.job_key
  and is_available is not true;

  -- TODO: is there a risk that a conflict could occur depending on the
  -- isolation level?

  return query insert into :GRAPHILE_WORKER_SCHEMA.jobs (
    job_queue_id,
    task_id,
    payload,
    run_at,
    max_attempts,
    key,
    priority,
    flags
  )
    select
      job_queues.id,
      tasks.id,
      coalesce(spec.payload, '{}'::json),
      coalesce(spec.run_at, now()),
      coalesce(spec.max_attempts, 25),
      spec.job_key,
      coalesce(spec.priority, 0),
      (
        select jsonb_object_agg(flag, true)
        from unnest(spec.flags) as item(flag)
      )
    from unnest(specs) spec
    inner join :GRAPHILE_WORKER_SCHEMA.tasks
    on tasks.identifier = spec.identifier
    left join :GRAPHILE_WORKER_SCHEMA.job_queues
    on job_queues.queue_name = spec.queue_name
  on conflict (key) do update set
    job_queue_id = excluded.job_queue_id,
    task_id = excluded.task_id,
    payload = excluded.payload,
    max_attempts = excluded.max_attempts,
    run_at = (case
      when job_key_preserve_run_at is true and jobs.attempts = 0 then jobs.run_at
      else excluded.run_at
    end),
    priority = excluded.priority,
    revision = jobs.revision + 1,
    flags = excluded.flags,
    -- always reset error/retry state
    attempts = 0,
    last_error = null,
    updated_at = now()
  where jobs.locked_at is null
  returning *;
end;
$$ language plpgsql;

create function :GRAPHILE_WORKER_SCHEMA.complete_jobs(job_ids bigint[])
returns setof :GRAPHILE_WORKER_SCHEMA.jobs
as $$
  delete from :GRAPHILE_WORKER_SCHEMA.jobs
    where id = any(job_ids)
    and (
      locked_at is null
    or
      locked_at < now() - interval '4 hours'
    )
    returning *;
$$ language sql;

create function :GRAPHILE_WORKER_SCHEMA.permanently_fail_jobs(
  job_ids bigint[],
  error_message text default null::text
)
returns setof :GRAPHILE_WORKER_SCHEMA.jobs
as $$
  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      last_error = coalesce(error_message, 'Manually marked as failed'),
      attempts = max_attempts,
      updated_at = now()
    where id = any(job_ids)
    and (
      locked_at is null
    or
      locked_at < NOW() - interval '4 hours'
    )
    returning *;
$$ language sql;

create function :GRAPHILE_WORKER_SCHEMA.remove_job(job_key text)
returns :GRAPHILE_WORKER_SCHEMA.jobs
as $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  -- Delete job if not locked
  delete from :GRAPHILE_WORKER_SCHEMA.jobs
    where key = job_key
    and (
      locked_at is null
    or
      locked_at < NOW() - interval '4 hours'
    )
  returning * into v_job;
  if not (v_job is null) then
    return v_job;
  end if;
  -- Otherwise prevent job from retrying, and clear the key
  update :GRAPHILE_WORKER_SCHEMA.jobs
  set
    key = null,
    attempts = jobs.max_attempts,
    updated_at = now()
  where key = job_key
  returning * into v_job;
  return v_job;
end;
$$ language plpgsql strict;

create function :GRAPHILE_WORKER_SCHEMA.reschedule_jobs(
  job_ids bigint[],
  run_at timestamp with time zone default null::timestamp with time zone,
  priority integer default null::integer,
  attempts integer default null::integer,
  max_attempts integer default null::integer
) returns setof :GRAPHILE_WORKER_SCHEMA.jobs
as $$
  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      run_at = coalesce(reschedule_jobs.run_at, jobs.run_at),
      priority = coalesce(reschedule_jobs.priority, jobs.priority),
      attempts = coalesce(reschedule_jobs.attempts, jobs.attempts),
      max_attempts = coalesce(reschedule_jobs.max_attempts, jobs.max_attempts),
      updated_at = now()
    where id = any(job_ids)
    and (
      locked_at is null
    or
      locked_at < NOW() - interval '4 hours'
    )
    returning *;
$$ language sql;

create function :GRAPHILE_WORKER_SCHEMA.tg_jobs__after_insert() returns trigger
as $$
begin
  perform pg_notify('jobs:insert', '');
  return new;
end;
$$ language plpgsql;
create trigger _900_after_insert
after insert on :GRAPHILE_WORKER_SCHEMA.jobs
for each statement
execute procedure :GRAPHILE_WORKER_SCHEMA.tg_jobs__after_insert();

create function :GRAPHILE_WORKER_SCHEMA.add_job(
  identifier text,
  payload json default null::json,
  queue_name text default null::text,
  run_at timestamp with time zone default null::timestamp with time zone,
  max_attempts integer default null::integer,
  job_key text default null::text,
  priority integer default null::integer,
  flags text[] default null::text[],
  job_key_mode text default 'replace'::text
) returns :GRAPHILE_WORKER_SCHEMA.jobs as $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  if (job_key is null or job_key_mode is null or job_key_mode in ('replace', 'preserve_run_at')) then
    select * into v_job
    from :GRAPHILE_WORKER_SCHEMA.add_jobs(
      ARRAY[(
        identifier,
        payload,
        queue_name,
        run_at,
        max_attempts,
        job_key,
        priority,
        flags
      ):::GRAPHILE_WORKER_SCHEMA.job_spec],
      (job_key_mode = 'preserve_run_at')
    )
    limit 1;
    return v_job;
  elsif job_key_mode = 'unsafe_dedupe' then
    -- Ensure all the tasks exist
    insert into :GRAPHILE_WORKER_SCHEMA.tasks (identifier)
    values (add_job.identifier)
    on conflict do nothing;

    -- Ensure all the queues exist
    if add_job.queue_name is not null then
      insert into :GRAPHILE_WORKER_SCHEMA.job_queues (queue_name)
      values (add_job.queue_name)
      on conflict do nothing;
    end if;

    -- Insert job, but if one already exists then do nothing, even if the
    -- existing job has already started (and thus represents an out-of-date
    -- world state). This is dangerous because it means that whatever state
    -- change triggered this add_job may not be acted upon (since it happened
    -- after the existing job started executing, but no further job is being
    -- scheduled), but it is useful in very rare circumstances for
    -- de-duplication. If in doubt, DO NOT USE THIS.
    insert into :GRAPHILE_WORKER_SCHEMA.jobs (
      job_queue_id,
      task_id,
      payload,
      run_at,
      max_attempts,
      key,
      priority,
      flags
    )
      select
        job_queues.id,
        tasks.id,
        coalesce(add_job.payload, '{}'::json),
        coalesce(add_job.run_at, now()),
        coalesce(add_job.max_attempts, 25),
        add_job.job_key,
        coalesce(add_job.priority, 0),
        (
          select jsonb_object_agg(flag, true)
          from unnest(add_job.flags) as item(flag)
        )
      from :GRAPHILE_WORKER_SCHEMA.tasks
      left join :GRAPHILE_WORKER_SCHEMA.job_queues
      on job_queues.queue_name = add_job.queue_name
      where tasks.identifier = add_job.identifier
    on conflict (key)
      -- Bump the updated_at so that there's something to return
      do update set
        revision = jobs.revision + 1,
        updated_at = now()
      returning *
      into v_job;
    return v_job;
  else
    raise exception 'Invalid job_key_mode value, expected ''replace'', ''preserve_run_at'' or ''unsafe_dedupe''.' using errcode = 'GWBKM';
  end if;
end;
$$ language plpgsql;

-- Migrate over the old tables
insert into :GRAPHILE_WORKER_SCHEMA.job_queues (queue_name)
select distinct queue_name
from :GRAPHILE_WORKER_SCHEMA.jobs_legacy
where queue_name is not null
on conflict do nothing;

insert into :GRAPHILE_WORKER_SCHEMA.tasks (identifier)
select distinct task_identifier
from :GRAPHILE_WORKER_SCHEMA.jobs_legacy
on conflict do nothing;

insert into :GRAPHILE_WORKER_SCHEMA.jobs (
  job_queue_id,
  task_id,
  payload,
  priority,
  run_at,
  attempts,
  max_attempts,
  last_error,
  created_at,
  updated_at,
  key,
  revision,
  flags
)
  select
    job_queues.id,
    tasks.id,
    legacy.payload,
    legacy.priority,
    legacy.run_at,
    legacy.attempts,
    legacy.max_attempts,
    legacy.last_error,
    legacy.created_at,
    legacy.updated_at,
    legacy.key,
    legacy.revision,
    legacy.flags
  from :GRAPHILE_WORKER_SCHEMA.jobs_legacy legacy
  inner join :GRAPHILE_WORKER_SCHEMA.tasks
  on tasks.identifier = legacy.task_identifier
  left join :GRAPHILE_WORKER_SCHEMA.job_queues
  on job_queues.queue_name = legacy.queue_name;

drop table :GRAPHILE_WORKER_SCHEMA.jobs_legacy;
drop table :GRAPHILE_WORKER_SCHEMA.job_queues_legacy;

`,
    "000012.sql": String.raw `create or replace function :GRAPHILE_WORKER_SCHEMA.add_jobs(
  specs :GRAPHILE_WORKER_SCHEMA.job_spec[],
  job_key_preserve_run_at boolean default false
)
returns setof :GRAPHILE_WORKER_SCHEMA.jobs
as $$
begin
  -- Ensure all the tasks exist
  insert into :GRAPHILE_WORKER_SCHEMA.tasks (identifier)
  select distinct spec.identifier
  from unnest(specs) spec
  on conflict do nothing;

  -- Ensure all the queues exist
  insert into :GRAPHILE_WORKER_SCHEMA.job_queues (queue_name)
  select distinct spec.queue_name
  from unnest(specs) spec
  where spec.queue_name is not null
  on conflict do nothing;

  -- Ensure any locked jobs have their key cleared - in the case of locked
  -- existing job create a new job instead as it must have already started
  -- executing (i.e. it's world state is out of date, and the fact add_job
  -- has been called again implies there's new information that needs to be
  -- acted upon).
  update :GRAPHILE_WORKER_SCHEMA.jobs
  set
    key = null,
    attempts = jobs.max_attempts,
    updated_at = now()
  from unnest(specs) spec
  where spec.job_key is not null
  and jobs.key = spec.job_key
  and is_available is not true;

  -- TODO: is there a risk that a conflict could occur depending on the
  -- isolation level?

  return query insert into :GRAPHILE_WORKER_SCHEMA.jobs (
    job_queue_id,
    task_id,
    payload,
    run_at,
    max_attempts,
    key,
    priority,
    flags
  )
    select
      job_queues.id,
      tasks.id,
      coalesce(spec.payload, '{}'::json),
      coalesce(spec.run_at, now()),
      coalesce(spec.max_attempts, 25),
      spec.job_key,
      coalesce(spec.priority, 0),
      (
        select jsonb_object_agg(flag, true)
        from unnest(spec.flags) as item(flag)
      )
    from unnest(specs) spec
    inner join :GRAPHILE_WORKER_SCHEMA.tasks
    on tasks.identifier = spec.identifier
    left join :GRAPHILE_WORKER_SCHEMA.job_queues
    on job_queues.queue_name = spec.queue_name
  on conflict (key) do update set
    job_queue_id = excluded.job_queue_id,
    task_id = excluded.task_id,
    payload =
      case
      when json_typeof(jobs.payload) = 'array' and json_typeof(excluded.payload) = 'array' then
        (jobs.payload::jsonb || excluded.payload::jsonb)::json
      else
        excluded.payload
      end,
    max_attempts = excluded.max_attempts,
    run_at = (case
      when job_key_preserve_run_at is true and jobs.attempts = 0 then jobs.run_at
      else excluded.run_at
    end),
    priority = excluded.priority,
    revision = jobs.revision + 1,
    flags = excluded.flags,
    -- always reset error/retry state
    attempts = 0,
    last_error = null,
    updated_at = now()
  where jobs.locked_at is null
  returning *;
end;
$$ language plpgsql;
`,
    "000013.sql": String.raw `--! breaking-change
alter type :GRAPHILE_WORKER_SCHEMA.job_spec alter attribute max_attempts type smallint;
alter type :GRAPHILE_WORKER_SCHEMA.job_spec alter attribute priority type smallint;

drop function :GRAPHILE_WORKER_SCHEMA.add_job;
CREATE FUNCTION :GRAPHILE_WORKER_SCHEMA.add_job(identifier text, payload json DEFAULT NULL::json, queue_name text DEFAULT NULL::text, run_at timestamp with time zone DEFAULT NULL::timestamp with time zone, max_attempts smallint DEFAULT NULL::smallint, job_key text DEFAULT NULL::text, priority smallint DEFAULT NULL::smallint, flags text[] DEFAULT NULL::text[], job_key_mode text DEFAULT 'replace'::text) RETURNS :GRAPHILE_WORKER_SCHEMA.jobs
    LANGUAGE plpgsql
    AS $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  if (job_key is null or job_key_mode is null or job_key_mode in ('replace', 'preserve_run_at')) then
    select * into v_job
    from :GRAPHILE_WORKER_SCHEMA.add_jobs(
      ARRAY[(
        identifier,
        payload,
        queue_name,
        run_at,
        max_attempts,
        job_key,
        priority,
        flags
      ):::GRAPHILE_WORKER_SCHEMA.job_spec],
      (job_key_mode = 'preserve_run_at')
    )
    limit 1;
    return v_job;
  elsif job_key_mode = 'unsafe_dedupe' then
    -- Ensure all the tasks exist
    insert into :GRAPHILE_WORKER_SCHEMA.tasks (identifier)
    values (add_job.identifier)
    on conflict do nothing;
    -- Ensure all the queues exist
    if add_job.queue_name is not null then
      insert into :GRAPHILE_WORKER_SCHEMA.job_queues (queue_name)
      values (add_job.queue_name)
      on conflict do nothing;
    end if;
    -- Insert job, but if one already exists then do nothing, even if the
    -- existing job has already started (and thus represents an out-of-date
    -- world state). This is dangerous because it means that whatever state
    -- change triggered this add_job may not be acted upon (since it happened
    -- after the existing job started executing, but no further job is being
    -- scheduled), but it is useful in very rare circumstances for
    -- de-duplication. If in doubt, DO NOT USE THIS.
    insert into :GRAPHILE_WORKER_SCHEMA.jobs (
      job_queue_id,
      task_id,
      payload,
      run_at,
      max_attempts,
      key,
      priority,
      flags
    )
      select
        job_queues.id,
        tasks.id,
        coalesce(add_job.payload, '{}'::json),
        coalesce(add_job.run_at, now()),
        coalesce(add_job.max_attempts, 25),
        add_job.job_key,
        coalesce(add_job.priority, 0),
        (
          select jsonb_object_agg(flag, true)
          from unnest(add_job.flags) as item(flag)
        )
      from :GRAPHILE_WORKER_SCHEMA.tasks
      left join :GRAPHILE_WORKER_SCHEMA.job_queues
      on job_queues.queue_name = add_job.queue_name
      where tasks.identifier = add_job.identifier
    on conflict (key)
      -- Bump the updated_at so that there's something to return
      do update set
        revision = jobs.revision + 1,
        updated_at = now()
      returning *
      into v_job;
    return v_job;
  else
    raise exception 'Invalid job_key_mode value, expected ''replace'', ''preserve_run_at'' or ''unsafe_dedupe''.' using errcode = 'GWBKM';
  end if;
end;
$$;

DROP FUNCTION :GRAPHILE_WORKER_SCHEMA.reschedule_jobs;
CREATE FUNCTION :GRAPHILE_WORKER_SCHEMA.reschedule_jobs(job_ids bigint[], run_at timestamp with time zone DEFAULT NULL::timestamp with time zone, priority smallint DEFAULT NULL::smallint, attempts smallint DEFAULT NULL::smallint, max_attempts smallint DEFAULT NULL::smallint) RETURNS SETOF :GRAPHILE_WORKER_SCHEMA.jobs
    LANGUAGE sql
    AS $$
  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      run_at = coalesce(reschedule_jobs.run_at, jobs.run_at),
      priority = coalesce(reschedule_jobs.priority, jobs.priority),
      attempts = coalesce(reschedule_jobs.attempts, jobs.attempts),
      max_attempts = coalesce(reschedule_jobs.max_attempts, jobs.max_attempts),
      updated_at = now()
    where id = any(job_ids)
    and (
      locked_at is null
    or
      locked_at < NOW() - interval '4 hours'
    )
    returning *;
$$;
`,
    "000014.sql": String.raw `--! breaking-change
-- Go back to exposing 'int' on public interfaces, use smallint internally.

drop function :GRAPHILE_WORKER_SCHEMA.add_job;
CREATE FUNCTION :GRAPHILE_WORKER_SCHEMA.add_job(identifier text, payload json DEFAULT NULL::json, queue_name text DEFAULT NULL::text, run_at timestamp with time zone DEFAULT NULL::timestamp with time zone, max_attempts int DEFAULT NULL::int, job_key text DEFAULT NULL::text, priority int DEFAULT NULL::int, flags text[] DEFAULT NULL::text[], job_key_mode text DEFAULT 'replace'::text) RETURNS :GRAPHILE_WORKER_SCHEMA.jobs
    LANGUAGE plpgsql
    AS $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA.jobs;
begin
  if (job_key is null or job_key_mode is null or job_key_mode in ('replace', 'preserve_run_at')) then
    select * into v_job
    from :GRAPHILE_WORKER_SCHEMA.add_jobs(
      ARRAY[(
        identifier,
        payload,
        queue_name,
        run_at,
        max_attempts::smallint,
        job_key,
        priority::smallint,
        flags
      ):::GRAPHILE_WORKER_SCHEMA.job_spec],
      (job_key_mode = 'preserve_run_at')
    )
    limit 1;
    return v_job;
  elsif job_key_mode = 'unsafe_dedupe' then
    -- Ensure all the tasks exist
    insert into :GRAPHILE_WORKER_SCHEMA.tasks (identifier)
    values (add_job.identifier)
    on conflict do nothing;
    -- Ensure all the queues exist
    if add_job.queue_name is not null then
      insert into :GRAPHILE_WORKER_SCHEMA.job_queues (queue_name)
      values (add_job.queue_name)
      on conflict do nothing;
    end if;
    -- Insert job, but if one already exists then do nothing, even if the
    -- existing job has already started (and thus represents an out-of-date
    -- world state). This is dangerous because it means that whatever state
    -- change triggered this add_job may not be acted upon (since it happened
    -- after the existing job started executing, but no further job is being
    -- scheduled), but it is useful in very rare circumstances for
    -- de-duplication. If in doubt, DO NOT USE THIS.
    insert into :GRAPHILE_WORKER_SCHEMA.jobs (
      job_queue_id,
      task_id,
      payload,
      run_at,
      max_attempts,
      key,
      priority,
      flags
    )
      select
        job_queues.id,
        tasks.id,
        coalesce(add_job.payload, '{}'::json),
        coalesce(add_job.run_at, now()),
        coalesce(add_job.max_attempts::smallint, 25::smallint),
        add_job.job_key,
        coalesce(add_job.priority::smallint, 0::smallint),
        (
          select jsonb_object_agg(flag, true)
          from unnest(add_job.flags) as item(flag)
        )
      from :GRAPHILE_WORKER_SCHEMA.tasks
      left join :GRAPHILE_WORKER_SCHEMA.job_queues
      on job_queues.queue_name = add_job.queue_name
      where tasks.identifier = add_job.identifier
    on conflict (key)
      -- Bump the updated_at so that there's something to return
      do update set
        revision = jobs.revision + 1,
        updated_at = now()
      returning *
      into v_job;
    return v_job;
  else
    raise exception 'Invalid job_key_mode value, expected ''replace'', ''preserve_run_at'' or ''unsafe_dedupe''.' using errcode = 'GWBKM';
  end if;
end;
$$;

DROP FUNCTION :GRAPHILE_WORKER_SCHEMA.reschedule_jobs;
CREATE FUNCTION :GRAPHILE_WORKER_SCHEMA.reschedule_jobs(job_ids bigint[], run_at timestamp with time zone DEFAULT NULL::timestamp with time zone, priority int DEFAULT NULL::int, attempts int DEFAULT NULL::int, max_attempts int DEFAULT NULL::int) RETURNS SETOF :GRAPHILE_WORKER_SCHEMA.jobs
    LANGUAGE sql
    AS $$
  update :GRAPHILE_WORKER_SCHEMA.jobs
    set
      run_at = coalesce(reschedule_jobs.run_at, jobs.run_at),
      priority = coalesce(reschedule_jobs.priority::smallint, jobs.priority),
      attempts = coalesce(reschedule_jobs.attempts::smallint, jobs.attempts),
      max_attempts = coalesce(reschedule_jobs.max_attempts::smallint, jobs.max_attempts),
      updated_at = now()
    where id = any(job_ids)
    and (
      locked_at is null
    or
      locked_at < NOW() - interval '4 hours'
    )
    returning *;
$$;
`,
    "000015.sql": String.raw `-- Tidy up from previous migrations
drop function :GRAPHILE_WORKER_SCHEMA.jobs__increase_job_queue_count();
drop function :GRAPHILE_WORKER_SCHEMA.jobs__decrease_job_queue_count();
drop function :GRAPHILE_WORKER_SCHEMA.tg__update_timestamp();

-- Add function to unlock all jobs from the given workers due to a crash or similar
create function :GRAPHILE_WORKER_SCHEMA.force_unlock_workers(worker_ids text[]) returns void as $$
update :GRAPHILE_WORKER_SCHEMA.jobs
set locked_at = null, locked_by = null
where locked_by = any(worker_ids);
update :GRAPHILE_WORKER_SCHEMA.job_queues
set locked_at = null, locked_by = null
where locked_by = any(worker_ids);
$$ language sql volatile;
`,
    "000016.sql": String.raw `--! breaking-change
alter table :GRAPHILE_WORKER_SCHEMA.jobs rename to _private_jobs;
alter table :GRAPHILE_WORKER_SCHEMA.job_queues rename to _private_job_queues;
alter table :GRAPHILE_WORKER_SCHEMA.tasks rename to _private_tasks;
alter table :GRAPHILE_WORKER_SCHEMA.known_crontabs rename to _private_known_crontabs;

DROP FUNCTION :GRAPHILE_WORKER_SCHEMA.add_job;
CREATE FUNCTION :GRAPHILE_WORKER_SCHEMA.add_job(identifier text, payload json DEFAULT NULL::json, queue_name text DEFAULT NULL::text, run_at timestamp with time zone DEFAULT NULL::timestamp with time zone, max_attempts integer DEFAULT NULL::integer, job_key text DEFAULT NULL::text, priority integer DEFAULT NULL::integer, flags text[] DEFAULT NULL::text[], job_key_mode text DEFAULT 'replace'::text) RETURNS :GRAPHILE_WORKER_SCHEMA._private_jobs
    LANGUAGE plpgsql
    AS $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA._private_jobs;
begin
  if (job_key is null or job_key_mode is null or job_key_mode in ('replace', 'preserve_run_at')) then
    select * into v_job
    from :GRAPHILE_WORKER_SCHEMA.add_jobs(
      ARRAY[(
        identifier,
        payload,
        queue_name,
        run_at,
        max_attempts::smallint,
        job_key,
        priority::smallint,
        flags
      ):::GRAPHILE_WORKER_SCHEMA.job_spec],
      (job_key_mode = 'preserve_run_at')
    )
    limit 1;
    return v_job;
  elsif job_key_mode = 'unsafe_dedupe' then
    -- Ensure all the tasks exist
    insert into :GRAPHILE_WORKER_SCHEMA._private_tasks as tasks (identifier)
    values (add_job.identifier)
    on conflict do nothing;
    -- Ensure all the queues exist
    if add_job.queue_name is not null then
      insert into :GRAPHILE_WORKER_SCHEMA._private_job_queues as job_queues (queue_name)
      values (add_job.queue_name)
      on conflict do nothing;
    end if;
    -- Insert job, but if one already exists then do nothing, even if the
    -- existing job has already started (and thus represents an out-of-date
    -- world state). This is dangerous because it means that whatever state
    -- change triggered this add_job may not be acted upon (since it happened
    -- after the existing job started executing, but no further job is being
    -- scheduled), but it is useful in very rare circumstances for
    -- de-duplication. If in doubt, DO NOT USE THIS.
    insert into :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs (
      job_queue_id,
      task_id,
      payload,
      run_at,
      max_attempts,
      key,
      priority,
      flags
    )
      select
        job_queues.id,
        tasks.id,
        coalesce(add_job.payload, '{}'::json),
        coalesce(add_job.run_at, now()),
        coalesce(add_job.max_attempts::smallint, 25::smallint),
        add_job.job_key,
        coalesce(add_job.priority::smallint, 0::smallint),
        (
          select jsonb_object_agg(flag, true)
          from unnest(add_job.flags) as item(flag)
        )
      from :GRAPHILE_WORKER_SCHEMA._private_tasks as tasks
      left join :GRAPHILE_WORKER_SCHEMA._private_job_queues as job_queues
      on job_queues.queue_name = add_job.queue_name
      where tasks.identifier = add_job.identifier
    on conflict (key)
      -- Bump the updated_at so that there's something to return
      do update set
        revision = jobs.revision + 1,
        updated_at = now()
      returning *
      into v_job;
    return v_job;
  else
    raise exception 'Invalid job_key_mode value, expected ''replace'', ''preserve_run_at'' or ''unsafe_dedupe''.' using errcode = 'GWBKM';
  end if;
end;
$$;

DROP FUNCTION :GRAPHILE_WORKER_SCHEMA.add_jobs;
CREATE FUNCTION :GRAPHILE_WORKER_SCHEMA.add_jobs(specs :GRAPHILE_WORKER_SCHEMA.job_spec[], job_key_preserve_run_at boolean DEFAULT false) RETURNS SETOF :GRAPHILE_WORKER_SCHEMA._private_jobs
    LANGUAGE plpgsql
    AS $$
begin
  -- Ensure all the tasks exist
  insert into :GRAPHILE_WORKER_SCHEMA._private_tasks as tasks (identifier)
  select distinct spec.identifier
  from unnest(specs) spec
  on conflict do nothing;
  -- Ensure all the queues exist
  insert into :GRAPHILE_WORKER_SCHEMA._private_job_queues as job_queues (queue_name)
  select distinct spec.queue_name
  from unnest(specs) spec
  where spec.queue_name is not null
  on conflict do nothing;
  -- Ensure any locked jobs have their key cleared - in the case of locked
  -- existing job create a new job instead as it must have already started
  -- executing (i.e. it's world state is out of date, and the fact add_job
  -- has been called again implies there's new information that needs to be
  -- acted upon).
  update :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs
  set
    key = null,
    attempts = jobs.max_attempts,
    updated_at = now()
  from unnest(specs) spec
  where spec.job_key is not null
  and jobs.key = spec.job_key
  and is_available is not true;
  -- TODO: is there a risk that a conflict could occur depending on the
  -- isolation level?
  return query insert into :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs (
    job_queue_id,
    task_id,
    payload,
    run_at,
    max_attempts,
    key,
    priority,
    flags
  )
    select
      job_queues.id,
      tasks.id,
      coalesce(spec.payload, '{}'::json),
      coalesce(spec.run_at, now()),
      coalesce(spec.max_attempts, 25),
      spec.job_key,
      coalesce(spec.priority, 0),
      (
        select jsonb_object_agg(flag, true)
        from unnest(spec.flags) as item(flag)
      )
    from unnest(specs) spec
    inner join :GRAPHILE_WORKER_SCHEMA._private_tasks as tasks
    on tasks.identifier = spec.identifier
    left join :GRAPHILE_WORKER_SCHEMA._private_job_queues as job_queues
    on job_queues.queue_name = spec.queue_name
  on conflict (key) do update set
    job_queue_id = excluded.job_queue_id,
    task_id = excluded.task_id,
    payload =
      case
      when json_typeof(jobs.payload) = 'array' and json_typeof(excluded.payload) = 'array' then
        (jobs.payload::jsonb || excluded.payload::jsonb)::json
      else
        excluded.payload
      end,
    max_attempts = excluded.max_attempts,
    run_at = (case
      when job_key_preserve_run_at is true and jobs.attempts = 0 then jobs.run_at
      else excluded.run_at
    end),
    priority = excluded.priority,
    revision = jobs.revision + 1,
    flags = excluded.flags,
    -- always reset error/retry state
    attempts = 0,
    last_error = null,
    updated_at = now()
  where jobs.locked_at is null
  returning *;
end;
$$;

DROP FUNCTION :GRAPHILE_WORKER_SCHEMA.complete_jobs;
CREATE FUNCTION :GRAPHILE_WORKER_SCHEMA.complete_jobs(job_ids bigint[]) RETURNS SETOF :GRAPHILE_WORKER_SCHEMA._private_jobs
    LANGUAGE sql
    AS $$
  delete from :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs
    where id = any(job_ids)
    and (
      locked_at is null
    or
      locked_at < now() - interval '4 hours'
    )
    returning *;
$$;

DROP FUNCTION :GRAPHILE_WORKER_SCHEMA.force_unlock_workers;
CREATE FUNCTION :GRAPHILE_WORKER_SCHEMA.force_unlock_workers(worker_ids text[]) RETURNS void
    LANGUAGE sql
    AS $$
update :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs
set locked_at = null, locked_by = null
where locked_by = any(worker_ids);
update :GRAPHILE_WORKER_SCHEMA._private_job_queues as job_queues
set locked_at = null, locked_by = null
where locked_by = any(worker_ids);
$$;

DROP FUNCTION :GRAPHILE_WORKER_SCHEMA.permanently_fail_jobs;
CREATE FUNCTION :GRAPHILE_WORKER_SCHEMA.permanently_fail_jobs(job_ids bigint[], error_message text DEFAULT NULL::text) RETURNS SETOF :GRAPHILE_WORKER_SCHEMA._private_jobs
    LANGUAGE sql
    AS $$
  update :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs
    set
      last_error = coalesce(error_message, 'Manually marked as failed'),
      attempts = max_attempts,
      updated_at = now()
    where id = any(job_ids)
    and (
      locked_at is null
    or
      locked_at < NOW() - interval '4 hours'
    )
    returning *;
$$;

DROP FUNCTION :GRAPHILE_WORKER_SCHEMA.remove_job;
CREATE FUNCTION :GRAPHILE_WORKER_SCHEMA.remove_job(job_key text) RETURNS :GRAPHILE_WORKER_SCHEMA._private_jobs
    LANGUAGE plpgsql STRICT
    AS $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA._private_jobs;
begin
  -- Delete job if not locked
  delete from :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs
    where key = job_key
    and (
      locked_at is null
    or
      locked_at < NOW() - interval '4 hours'
    )
  returning * into v_job;
  if not (v_job is null) then
    return v_job;
  end if;
  -- Otherwise prevent job from retrying, and clear the key
  update :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs
  set
    key = null,
    attempts = jobs.max_attempts,
    updated_at = now()
  where key = job_key
  returning * into v_job;
  return v_job;
end;
$$;

DROP FUNCTION :GRAPHILE_WORKER_SCHEMA.reschedule_jobs;
CREATE FUNCTION :GRAPHILE_WORKER_SCHEMA.reschedule_jobs(job_ids bigint[], run_at timestamp with time zone DEFAULT NULL::timestamp with time zone, priority integer DEFAULT NULL::integer, attempts integer DEFAULT NULL::integer, max_attempts integer DEFAULT NULL::integer) RETURNS SETOF :GRAPHILE_WORKER_SCHEMA._private_jobs
    LANGUAGE sql
    AS $$
  update :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs
    set
      run_at = coalesce(reschedule_jobs.run_at, jobs.run_at),
      priority = coalesce(reschedule_jobs.priority::smallint, jobs.priority),
      attempts = coalesce(reschedule_jobs.attempts::smallint, jobs.attempts),
      max_attempts = coalesce(reschedule_jobs.max_attempts::smallint, jobs.max_attempts),
      updated_at = now()
    where id = any(job_ids)
    and (
      locked_at is null
    or
      locked_at < NOW() - interval '4 hours'
    )
    returning *;
$$;
`,
    "000017.sql": String.raw `create view :GRAPHILE_WORKER_SCHEMA.jobs as (
  select
    jobs.id,
    job_queues.queue_name,
    tasks.identifier as task_identifier,
    jobs.priority,
    jobs.run_at,
    jobs.attempts,
    jobs.max_attempts,
    jobs.last_error,
    jobs.created_at,
    jobs.updated_at,
    jobs.key,
    jobs.locked_at,
    jobs.locked_by,
    jobs.revision,
    jobs.flags
  from :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs
  inner join :GRAPHILE_WORKER_SCHEMA._private_tasks as tasks
  on tasks.id = jobs.task_id
  left join :GRAPHILE_WORKER_SCHEMA._private_job_queues as job_queues
  on job_queues.id = jobs.job_queue_id
);
`,
    "000018.sql": String.raw `DROP TRIGGER _900_after_insert ON :GRAPHILE_WORKER_SCHEMA._private_jobs;
DROP FUNCTION :GRAPHILE_WORKER_SCHEMA.tg_jobs__after_insert;

CREATE OR REPLACE FUNCTION :GRAPHILE_WORKER_SCHEMA.add_job(identifier text, payload json DEFAULT NULL::json, queue_name text DEFAULT NULL::text, run_at timestamp with time zone DEFAULT NULL::timestamp with time zone, max_attempts integer DEFAULT NULL::integer, job_key text DEFAULT NULL::text, priority integer DEFAULT NULL::integer, flags text[] DEFAULT NULL::text[], job_key_mode text DEFAULT 'replace'::text) RETURNS :GRAPHILE_WORKER_SCHEMA._private_jobs
    LANGUAGE plpgsql
    AS $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA._private_jobs;
begin
  if (job_key is null or job_key_mode is null or job_key_mode in ('replace', 'preserve_run_at')) then
    select * into v_job
    from :GRAPHILE_WORKER_SCHEMA.add_jobs(
      ARRAY[(
        identifier,
        payload,
        queue_name,
        run_at,
        max_attempts::smallint,
        job_key,
        priority::smallint,
        flags
      ):::GRAPHILE_WORKER_SCHEMA.job_spec],
      (job_key_mode = 'preserve_run_at')
    )
    limit 1;
    return v_job;
  elsif job_key_mode = 'unsafe_dedupe' then
    -- Ensure all the tasks exist
    insert into :GRAPHILE_WORKER_SCHEMA._private_tasks as tasks (identifier)
    values (add_job.identifier)
    on conflict do nothing;
    -- Ensure all the queues exist
    if add_job.queue_name is not null then
      insert into :GRAPHILE_WORKER_SCHEMA._private_job_queues as job_queues (queue_name)
      values (add_job.queue_name)
      on conflict do nothing;
    end if;
    -- Insert job, but if one already exists then do nothing, even if the
    -- existing job has already started (and thus represents an out-of-date
    -- world state). This is dangerous because it means that whatever state
    -- change triggered this add_job may not be acted upon (since it happened
    -- after the existing job started executing, but no further job is being
    -- scheduled), but it is useful in very rare circumstances for
    -- de-duplication. If in doubt, DO NOT USE THIS.
    insert into :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs (
      job_queue_id,
      task_id,
      payload,
      run_at,
      max_attempts,
      key,
      priority,
      flags
    )
      select
        job_queues.id,
        tasks.id,
        coalesce(add_job.payload, '{}'::json),
        coalesce(add_job.run_at, now()),
        coalesce(add_job.max_attempts::smallint, 25::smallint),
        add_job.job_key,
        coalesce(add_job.priority::smallint, 0::smallint),
        (
          select jsonb_object_agg(flag, true)
          from unnest(add_job.flags) as item(flag)
        )
      from :GRAPHILE_WORKER_SCHEMA._private_tasks as tasks
      left join :GRAPHILE_WORKER_SCHEMA._private_job_queues as job_queues
      on job_queues.queue_name = add_job.queue_name
      where tasks.identifier = add_job.identifier
    on conflict (key)
      -- Bump the updated_at so that there's something to return
      do update set
        revision = jobs.revision + 1,
        updated_at = now()
      returning *
      into v_job;
    if v_job.revision = 0 then
      perform pg_notify('jobs:insert', '{"r":' || random()::text || ',"count":1}');
    end if;
    return v_job;
  else
    raise exception 'Invalid job_key_mode value, expected ''replace'', ''preserve_run_at'' or ''unsafe_dedupe''.' using errcode = 'GWBKM';
  end if;
end;
$$;

CREATE OR REPLACE FUNCTION :GRAPHILE_WORKER_SCHEMA.add_jobs(specs :GRAPHILE_WORKER_SCHEMA.job_spec[], job_key_preserve_run_at boolean DEFAULT false) RETURNS SETOF :GRAPHILE_WORKER_SCHEMA._private_jobs
    LANGUAGE plpgsql
    AS $$
begin
  -- Ensure all the tasks exist
  insert into :GRAPHILE_WORKER_SCHEMA._private_tasks as tasks (identifier)
  select distinct spec.identifier
  from unnest(specs) spec
  on conflict do nothing;
  -- Ensure all the queues exist
  insert into :GRAPHILE_WORKER_SCHEMA._private_job_queues as job_queues (queue_name)
  select distinct spec.queue_name
  from unnest(specs) spec
  where spec.queue_name is not null
  on conflict do nothing;
  -- Ensure any locked jobs have their key cleared - in the case of locked
  -- existing job create a new job instead as it must have already started
  -- executing (i.e. it's world state is out of date, and the fact add_job
  -- has been called again implies there's new information that needs to be
  -- acted upon).
  update :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs
  set
    key = null,
    attempts = jobs.max_attempts,
    updated_at = now()
  from unnest(specs) spec
  where spec.job_key is not null
  and jobs.key = spec.job_key
  and is_available is not true;

  -- WARNING: this count is not 100% accurate; 'on conflict' clause will cause it to be an overestimate
  perform pg_notify('jobs:insert', '{"r":' || random()::text || ',"count":' || array_length(specs, 1)::text || '}');

  -- TODO: is there a risk that a conflict could occur depending on the
  -- isolation level?
  return query insert into :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs (
    job_queue_id,
    task_id,
    payload,
    run_at,
    max_attempts,
    key,
    priority,
    flags
  )
    select
      job_queues.id,
      tasks.id,
      coalesce(spec.payload, '{}'::json),
      coalesce(spec.run_at, now()),
      coalesce(spec.max_attempts, 25),
      spec.job_key,
      coalesce(spec.priority, 0),
      (
        select jsonb_object_agg(flag, true)
        from unnest(spec.flags) as item(flag)
      )
    from unnest(specs) spec
    inner join :GRAPHILE_WORKER_SCHEMA._private_tasks as tasks
    on tasks.identifier = spec.identifier
    left join :GRAPHILE_WORKER_SCHEMA._private_job_queues as job_queues
    on job_queues.queue_name = spec.queue_name
  on conflict (key) do update set
    job_queue_id = excluded.job_queue_id,
    task_id = excluded.task_id,
    payload =
      case
      when json_typeof(jobs.payload) = 'array' and json_typeof(excluded.payload) = 'array' then
        (jobs.payload::jsonb || excluded.payload::jsonb)::json
      else
        excluded.payload
      end,
    max_attempts = excluded.max_attempts,
    run_at = (case
      when job_key_preserve_run_at is true and jobs.attempts = 0 then jobs.run_at
      else excluded.run_at
    end),
    priority = excluded.priority,
    revision = jobs.revision + 1,
    flags = excluded.flags,
    -- always reset error/retry state
    attempts = 0,
    last_error = null,
    updated_at = now()
  where jobs.locked_at is null
  returning *;
end;
$$;

CREATE OR REPLACE FUNCTION :GRAPHILE_WORKER_SCHEMA.remove_job(job_key text) RETURNS :GRAPHILE_WORKER_SCHEMA._private_jobs
    LANGUAGE plpgsql STRICT
    AS $$
declare
  v_job :GRAPHILE_WORKER_SCHEMA._private_jobs;
begin
  -- Delete job if not locked
  delete from :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs
    where key = job_key
    and (
      locked_at is null
    or
      locked_at < NOW() - interval '4 hours'
    )
  returning * into v_job;
  if not (v_job is null) then
    perform pg_notify('jobs:insert', '{"r":' || random()::text || ',"count":-1}');
    return v_job;
  end if;
  -- Otherwise prevent job from retrying, and clear the key
  update :GRAPHILE_WORKER_SCHEMA._private_jobs as jobs
  set
    key = null,
    attempts = jobs.max_attempts,
    updated_at = now()
  where key = job_key
  returning * into v_job;
  return v_job;
end;
$$;
`,
    "000019.sql": String.raw `--! breaking-change
-- This is just a breaking change marker for the v0.17 worker-centric to
-- pool-centric jump. The migration itself is not breaking.
select 1;
`,
};
//# sourceMappingURL=sql.js.map

/***/ }),

/***/ 9015:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.getCronItemsInternal = exports.getCronItems = void 0;
const fs_1 = __webpack_require__(9896);
const crontab_1 = __webpack_require__(2244);
const lib_1 = __webpack_require__(8224);
async function loadCrontabIntoCronItems(logger, items, filename) {
    let didntExist = false;
    const contents = await fs_1.promises
        .readFile(filename, "utf8")
        .then((t) => {
        if (didntExist) {
            didntExist = false;
            logger.info(`Found crontab file '${filename}'; cron is now enabled`);
        }
        return t;
    })
        .catch((e) => {
        if (e.code !== "ENOENT") {
            // Only log error if it's not a "file doesn't exist" error
            logger.error(`Failed to read crontab file '${filename}': ${e}`);
        }
        else {
            didntExist = true;
            logger.info(`Failed to read crontab file '${filename}'; cron is disabled`);
        }
        return "";
    });
    if (contents != null) {
        const parsed = (0, crontab_1.parseCrontab)(contents);
        // Overwrite items' contents with the new cron items
        items.splice(0, items.length, ...parsed);
    }
}
async function getCronItems(options, crontabPath) {
    const compiledSharedOptions = (0, lib_1.processSharedOptions)(options);
    return getCronItemsInternal(compiledSharedOptions, crontabPath);
}
exports.getCronItems = getCronItems;
async function getCronItemsInternal(compiledSharedOptions, crontabPath) {
    const { logger } = compiledSharedOptions;
    const items = [];
    // Try and require it
    await loadCrontabIntoCronItems(logger, items, crontabPath);
    let released = false;
    return {
        items,
        release: () => {
            if (released) {
                return;
            }
            released = true;
        },
    };
}
exports.getCronItemsInternal = getCronItemsInternal;
//# sourceMappingURL=getCronItems.js.map

/***/ }),

/***/ 2061:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.getTasksInternal = exports.getTasks = void 0;
const promises_1 = __webpack_require__(1943);
const path_1 = __webpack_require__(6928);
const fs_1 = __webpack_require__(2540);
const interfaces_1 = __webpack_require__(5891);
const lib_1 = __webpack_require__(8224);
const DIRECTORY_REGEXP = /^[A-Za-z0-9_-]+$/;
const FILE_REGEXP = /^([A-Za-z0-9_-]+)((?:\.[A-Za-z0-9_-]+)*)$/;
function validTasks(logger, obj) {
    const tasks = {};
    Object.keys(obj).forEach((taskIdentifier) => {
        const task = obj[taskIdentifier];
        if ((0, interfaces_1.isValidTask)(task)) {
            tasks[taskIdentifier] = task;
        }
        else {
            logger.warn(`Not a valid task '${taskIdentifier}' - expected function, received ${task ? typeof task : String(task)}.`, {
                invalidTask: true,
                task,
                taskIdentifier,
            });
        }
    });
    return tasks;
}
async function loadFileIntoTasks(logger, tasks, filename, name = null) {
    const rawMod = await __webpack_require__(3270)(filename);
    // Normally, import() of a commonJS module with `module.exports` write
    // would result in `{ default: module.exports }`.
    // TypeScript in CommonJS mode when imported with Node ESM can lead to
    // two levels of `__esModule: true`; so we try and grab the inner one
    // if we can.
    const mod = rawMod.default?.default?.__esModule === true
        ? rawMod.default.default
        : rawMod.default?.__esModule === true
            ? rawMod.default
            : Object.keys(rawMod).length === 1 &&
                typeof rawMod.default === "object" &&
                rawMod.default !== null
                ? rawMod.default
                : rawMod;
    if (name) {
        // Always take the default export if there is one
        const task = mod.default || mod;
        if ((0, interfaces_1.isValidTask)(task)) {
            tasks[name] = task;
        }
        else {
            throw new Error(`Invalid task '${name}' - expected function, received ${task ? typeof task : String(task)}.`);
        }
    }
    else {
        Object.keys(tasks).forEach((taskIdentifier) => {
            delete tasks[taskIdentifier];
        });
        if (!mod.default || typeof mod.default === "function") {
            Object.assign(tasks, validTasks(logger, mod));
        }
        else {
            Object.assign(tasks, validTasks(logger, mod.default));
        }
    }
}
async function getTasks(options, taskPath) {
    const compiledSharedOptions = (0, lib_1.processSharedOptions)(options);
    const result = await getTasksInternal(compiledSharedOptions, taskPath);
    // This assign is used in `__tests__/getTasks.test.ts`
    return Object.assign(result, { compiledSharedOptions });
}
exports.getTasks = getTasks;
async function getTasksInternal(compiledSharedOptions, taskPath) {
    const { logger } = compiledSharedOptions;
    const pathStat = await (0, fs_1.tryStat)(taskPath);
    if (!pathStat) {
        throw new Error(`Could not find tasks to execute - taskDirectory '${taskPath}' does not exist`);
    }
    const tasks = Object.create(null);
    if (pathStat.isFile()) {
        // Try and require it
        await loadFileIntoTasks(logger, tasks, taskPath, null);
    }
    else if (pathStat.isDirectory()) {
        const collectedTaskPaths = Object.create(null);
        await getTasksFromDirectory(compiledSharedOptions, collectedTaskPaths, taskPath, []);
        const taskIdentifiers = Object.keys(collectedTaskPaths).sort((a, z) => a.localeCompare(z, "en-US"));
        for (const taskIdentifier of taskIdentifiers) {
            const fileDetailsList = collectedTaskPaths[taskIdentifier];
            const event = {
                handler: undefined,
                taskIdentifier,
                fileDetailsList,
            };
            await compiledSharedOptions.hooks.process("loadTaskFromFiles", event);
            const handler = event.handler;
            if (handler) {
                tasks[taskIdentifier] = handler;
            }
            else {
                logger.warn(`Failed to load task '${taskIdentifier}' - no supported handlers found for path${fileDetailsList.length > 1 ? "s" : ""}: '${fileDetailsList.map((d) => d.fullPath).join("', '")}'`);
            }
        }
    }
    let released = false;
    return {
        tasks,
        compiledSharedOptions,
        release: () => {
            if (released) {
                return;
            }
            released = true;
        },
    };
}
exports.getTasksInternal = getTasksInternal;
async function getTasksFromDirectory(compiledSharedOptions, collectedTaskPaths, taskPath, subpath) {
    const { logger } = compiledSharedOptions;
    const folderPath = (0, path_1.join)(taskPath, ...subpath);
    // Try and require its contents
    const entries = await (0, promises_1.readdir)(folderPath);
    await Promise.all(entries.map(async (entry) => {
        const fullPath = (0, path_1.join)(taskPath, ...subpath, entry);
        const stats = await (0, promises_1.lstat)(fullPath);
        if (stats.isDirectory()) {
            if (DIRECTORY_REGEXP.test(entry)) {
                await getTasksFromDirectory(compiledSharedOptions, collectedTaskPaths, taskPath, [...subpath, entry]);
            }
            else {
                logger.info(`Ignoring directory '${fullPath}' - '${entry}' does not match allowed regexp.`);
            }
        }
        else if (stats.isSymbolicLink()) {
            // Must be a symbolic link to a file, otherwise ignore
            const symlinkTarget = await (0, promises_1.realpath)(fullPath);
            const targetStats = await (0, promises_1.lstat)(symlinkTarget);
            if (targetStats.isFile() && !targetStats.isSymbolicLink()) {
                maybeAddFile(compiledSharedOptions, collectedTaskPaths, subpath, entry, symlinkTarget, targetStats);
            }
        }
        else if (stats.isFile()) {
            maybeAddFile(compiledSharedOptions, collectedTaskPaths, subpath, entry, fullPath, stats);
        }
    }));
}
function maybeAddFile(compiledSharedOptions, collectedTaskPaths, subpath, entry, fullPath, stats) {
    const { logger } = compiledSharedOptions;
    const matches = FILE_REGEXP.exec(entry);
    if (matches) {
        const [, baseName, extension] = matches;
        const entry = {
            fullPath,
            stats,
            baseName,
            extension,
        };
        const taskIdentifier = [...subpath, baseName].join("/");
        if (!collectedTaskPaths[taskIdentifier]) {
            collectedTaskPaths[taskIdentifier] = [entry];
        }
        else {
            collectedTaskPaths[taskIdentifier].push(entry);
        }
    }
    else {
        logger.info(`Ignoring file '${fullPath}' - '${entry}' does not match allowed regexp.`);
    }
}
//# sourceMappingURL=getTasks.js.map

/***/ }),

/***/ 5270:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.makeWithPgClientFromClient = exports.makeWithPgClientFromPool = exports.makeJobHelpers = exports.makeAddJobs = exports.makeAddJob = void 0;
const tslib_1 = __webpack_require__(1860);
const deferred_1 = tslib_1.__importDefault(__webpack_require__(4132));
const getQueueNames_1 = __webpack_require__(2482);
function makeAddJob(compiledSharedOptions, withPgClient) {
    const { escapedWorkerSchema, resolvedPreset: { worker: { useNodeTime }, }, } = compiledSharedOptions;
    return (identifier, payload, spec = {}) => {
        return withPgClient(async (pgClient) => {
            const { rows } = await pgClient.query(`
        select * from ${escapedWorkerSchema}.add_job(
          identifier => $1::text,
          payload => $2::json,
          queue_name => $3::text,
          run_at => $4::timestamptz,
          max_attempts => $5::int,
          job_key => $6::text,
          priority => $7::int,
          flags => $8::text[],
          job_key_mode => $9::text
        );
        `, [
                identifier,
                JSON.stringify(payload ?? {}),
                spec.queueName || null,
                // If there's an explicit run at, use that. Otherwise, if we've been
                // told to use Node time, use the current timestamp. Otherwise we'll
                // pass null and the function will use `now()` internally.
                spec.runAt
                    ? spec.runAt.toISOString()
                    : useNodeTime
                        ? new Date().toISOString()
                        : null,
                spec.maxAttempts || null,
                spec.jobKey || null,
                spec.priority || null,
                spec.flags || null,
                spec.jobKeyMode || null,
            ]);
            const job = rows[0];
            job.task_identifier = identifier;
            return job;
        });
    };
}
exports.makeAddJob = makeAddJob;
function makeAddJobs(compiledSharedOptions, withPgClient) {
    const { escapedWorkerSchema, resolvedPreset: { worker: { useNodeTime }, }, } = compiledSharedOptions;
    return (jobSpecs, jobKeyPreserveRunAt) => withPgClient(async (pgClient) => {
        const NOW = useNodeTime ? new Date().toISOString() : undefined;
        const dbSpecs = jobSpecs.map((spec) => ({
            identifier: spec.identifier,
            payload: spec.payload,
            queue_name: spec.queueName,
            run_at: spec.runAt?.toISOString() ?? NOW,
            max_attempts: spec.maxAttempts,
            job_key: spec.jobKey,
            priority: spec.priority,
            flags: spec.flags,
        }));
        const { rows: dbJobs } = await pgClient.query(`\
select *
from ${escapedWorkerSchema}.add_jobs(
  array(
    select json_populate_recordset(null::${escapedWorkerSchema}.job_spec, $1::json)
  ),
  $2::boolean
);`, [JSON.stringify(dbSpecs), jobKeyPreserveRunAt]);
        const jobs = [];
        for (let i = 0, l = jobSpecs.length; i < l; i++) {
            const dbJob = dbJobs[i];
            const jobSpec = jobSpecs[i];
            jobs.push({
                ...dbJob,
                task_identifier: jobSpec.identifier,
            });
        }
        return jobs;
    });
}
exports.makeAddJobs = makeAddJobs;
const $$cache = Symbol("queueNameById");
const $$nextBatch = Symbol("pendingQueueIds");
function getQueueName(compiledSharedOptions, withPgClient, queueId) {
    if (queueId == null) {
        return null;
    }
    let rawCache = compiledSharedOptions[$$cache];
    if (!rawCache) {
        rawCache = compiledSharedOptions[$$cache] = Object.create(null);
    }
    // Appease TypeScript; this is not null
    const cache = rawCache;
    const existing = cache[queueId];
    if (existing !== undefined) {
        return existing;
    }
    let nextBatch = compiledSharedOptions[$$nextBatch];
    // Not currently requested; queue us (and don't queue us again)
    const promise = (0, deferred_1.default)();
    cache[queueId] = promise;
    if (nextBatch) {
        // Already scheduled; add us to the next batch
        nextBatch.push(queueId);
    }
    else {
        // Need to create the batch
        nextBatch = compiledSharedOptions[$$nextBatch] = [];
        nextBatch.push(queueId);
        // Appease TypeScript; this is not null
        const queueIds = nextBatch;
        // Schedule the batch to run
        setTimeout(() => {
            // Allow another batch to start processing
            compiledSharedOptions[$$nextBatch] = undefined;
            // Get this batches names
            (0, getQueueNames_1.getQueueNames)(compiledSharedOptions, withPgClient, queueIds)
                .then((names) => {
                //assert.equal(queueIds.length, names.length);
                for (let i = 0, l = queueIds.length; i < l; i++) {
                    const queueId = queueIds[i];
                    const name = names[i];
                    const cached = cache[queueId];
                    if (typeof cached === "object") {
                        // It's a deferred; need to resolve/reject
                        if (name != null) {
                            cached.resolve(name);
                            cache[queueId] = name;
                        }
                        else {
                            cached.reject(new Error(`Queue with id '${queueId}' not found`));
                            // Try again
                            cache[queueId] = undefined;
                        }
                    }
                    else {
                        // It's already cached... but we got it again?!
                        if (name != null) {
                            cache[queueId] = name;
                        }
                        else {
                            // Try again
                            cache[queueId] = undefined;
                        }
                    }
                }
            }, (e) => {
                // An error occurred; reject all the deferreds but allow them to run again
                for (const queueId of queueIds) {
                    cache[queueId].reject(e);
                    // Retry next time
                    cache[queueId] = undefined;
                }
            })
                .catch((e) => {
                // This should never happen
                console.error(`Graphile Worker Internal Error`, e);
            });
        }, compiledSharedOptions.resolvedPreset.worker.getQueueNameBatchDelay ?? 50);
    }
    return promise;
}
function makeJobHelpers(compiledSharedOptions, job, { withPgClient, abortSignal, abortPromise, logger: overrideLogger, }) {
    const baseLogger = overrideLogger ?? compiledSharedOptions.logger;
    const logger = baseLogger.scope({
        label: "job",
        taskIdentifier: job.task_identifier,
        jobId: job.id,
    });
    const helpers = {
        abortSignal,
        abortPromise,
        job,
        getQueueName(queueId = job.job_queue_id) {
            return getQueueName(compiledSharedOptions, withPgClient, queueId);
        },
        logger,
        withPgClient,
        query: (queryText, values) => withPgClient((pgClient) => pgClient.query(queryText, values)),
        addJob: makeAddJob(compiledSharedOptions, withPgClient),
        addJobs: makeAddJobs(compiledSharedOptions, withPgClient),
        // TODO: add an API for giving workers more helpers
    };
    // DEPRECATED METHODS
    Object.assign(helpers, {
        debug(format, ...parameters) {
            logger.error("REMOVED: `helpers.debug` has been replaced with `helpers.logger.debug`; please do not use `helpers.debug`");
            logger.debug(format, { parameters });
        },
    });
    return helpers;
}
exports.makeJobHelpers = makeJobHelpers;
function makeWithPgClientFromPool(pgPool) {
    return async function withPgClientFromPool(callback) {
        const client = await pgPool.connect();
        try {
            return await callback(client);
        }
        finally {
            await client.release();
        }
    };
}
exports.makeWithPgClientFromPool = makeWithPgClientFromPool;
function makeWithPgClientFromClient(pgClient) {
    return async (callback) => {
        return callback(pgClient);
    };
}
exports.makeWithPgClientFromClient = makeWithPgClientFromClient;
//# sourceMappingURL=helpers.js.map

/***/ }),

/***/ 1399:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.getCronItems = exports.getTasks = exports.quickAddJob = exports.makeWorkerUtils = exports.addJobAdhoc = exports.runOnce = exports.runMigrations = exports.run = exports.WorkerPreset = exports.runTaskListOnce = exports.runTaskList = exports.Logger = exports.consoleLogFactory = exports.parseCrontab = exports.parseCronItems = exports.parseCronItem = void 0;
const tslib_1 = __webpack_require__(1860);
const getCronItems_1 = __webpack_require__(9015);
Object.defineProperty(exports, "getCronItems", ({ enumerable: true, get: function () { return getCronItems_1.getCronItems; } }));
const getTasks_1 = __webpack_require__(2061);
Object.defineProperty(exports, "getTasks", ({ enumerable: true, get: function () { return getTasks_1.getTasks; } }));
var crontab_1 = __webpack_require__(2244);
Object.defineProperty(exports, "parseCronItem", ({ enumerable: true, get: function () { return crontab_1.parseCronItem; } }));
Object.defineProperty(exports, "parseCronItems", ({ enumerable: true, get: function () { return crontab_1.parseCronItems; } }));
Object.defineProperty(exports, "parseCrontab", ({ enumerable: true, get: function () { return crontab_1.parseCrontab; } }));
tslib_1.__exportStar(__webpack_require__(5891), exports);
var logger_1 = __webpack_require__(7311);
Object.defineProperty(exports, "consoleLogFactory", ({ enumerable: true, get: function () { return logger_1.consoleLogFactory; } }));
Object.defineProperty(exports, "Logger", ({ enumerable: true, get: function () { return logger_1.Logger; } }));
var main_1 = __webpack_require__(4338);
Object.defineProperty(exports, "runTaskList", ({ enumerable: true, get: function () { return main_1.runTaskList; } }));
Object.defineProperty(exports, "runTaskListOnce", ({ enumerable: true, get: function () { return main_1.runTaskListOnce; } }));
var preset_1 = __webpack_require__(9088);
Object.defineProperty(exports, "WorkerPreset", ({ enumerable: true, get: function () { return preset_1.WorkerPreset; } }));
var runner_1 = __webpack_require__(6385);
Object.defineProperty(exports, "run", ({ enumerable: true, get: function () { return runner_1.run; } }));
Object.defineProperty(exports, "runMigrations", ({ enumerable: true, get: function () { return runner_1.runMigrations; } }));
Object.defineProperty(exports, "runOnce", ({ enumerable: true, get: function () { return runner_1.runOnce; } }));
var workerUtils_1 = __webpack_require__(4948);
Object.defineProperty(exports, "addJobAdhoc", ({ enumerable: true, get: function () { return workerUtils_1.addJobAdhoc; } }));
Object.defineProperty(exports, "makeWorkerUtils", ({ enumerable: true, get: function () { return workerUtils_1.makeWorkerUtils; } }));
Object.defineProperty(exports, "quickAddJob", ({ enumerable: true, get: function () { return workerUtils_1.quickAddJob; } }));
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 5891:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.LocalQueueModes = exports.$$isParsed = exports.isValidTask = void 0;
function isValidTask(fn) {
    if (typeof fn === "function") {
        return true;
    }
    return false;
}
exports.isValidTask = isValidTask;
/**
 * Symbol to determine that the item was indeed fed through a parser function.
 *
 * @internal
 */
exports.$$isParsed = Symbol("isParsed");
exports.LocalQueueModes = {
    STARTING: "STARTING",
    POLLING: "POLLING",
    WAITING: "WAITING",
    TTL_EXPIRED: "TTL_EXPIRED",
    RELEASED: "RELEASED",
};
//# sourceMappingURL=interfaces.js.map

/***/ }),

/***/ 8224:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.safeEmit = exports.calculateDelay = exports.isPromiseLike = exports.coerceError = exports.sleep = exports.makeEnhancedWithPgClient = exports.RETRYABLE_ERROR_CODES = exports.tryParseJson = exports.getUtilsAndReleasersFromOptions = exports.withReleasers = exports.assertPool = exports.processSharedOptions = exports.BREAKING_MIGRATIONS = void 0;
const tslib_1 = __webpack_require__(1860);
const assert = tslib_1.__importStar(__webpack_require__(2613));
const events_1 = tslib_1.__importDefault(__webpack_require__(4434));
const graphile_config_1 = __webpack_require__(6447);
const pg_1 = __webpack_require__(3273);
const sql_1 = __webpack_require__(4469);
const helpers_1 = __webpack_require__(5270);
const migrate_1 = __webpack_require__(6098);
const preset_1 = __webpack_require__(9088);
const version_1 = __webpack_require__(7447);
const MAX_MIGRATION_NUMBER = Object.keys(sql_1.migrations).reduce((memo, migrationFile) => {
    const migrationNumber = parseInt(migrationFile.slice(0, 6), 10);
    return Math.max(memo, migrationNumber);
}, 0);
exports.BREAKING_MIGRATIONS = Object.entries(sql_1.migrations)
    .filter(([_, text]) => {
    return text.startsWith("--! breaking");
})
    .map(([migrationFile]) => parseInt(migrationFile.slice(0, 6), 10));
/**
 * Important: ensure you still handle `forbiddenFlags`, `pgPool`, `workerId`,
 * `autostart`, `workerPool`, `abortSignal`, `noHandleSignals`, `taskList`,
 * `crontab`, `parsedCronItems`!
 */
function legacyOptionsToPreset(options) {
    if ("_rawOptions" in options) {
        console.trace("GraphileWorkerInternalError: CompiledSharedOptions used where SharedOptions was expected.");
        throw new Error("GraphileWorkerInternalError: CompiledSharedOptions used where SharedOptions was expected.");
    }
    assert.ok(!options.taskList || !options.taskDirectory, "Exactly one of either `taskDirectory` or `taskList` should be set");
    const preset = {
        extends: [],
        worker: {},
    };
    for (const key of Object.keys(options)) {
        if (options[key] == null) {
            continue;
        }
        switch (key) {
            case "forbiddenFlags":
            case "pgPool":
            case "workerId":
            case "autostart":
            case "workerPool":
            case "abortSignal":
            case "noHandleSignals":
            case "taskList":
            case "crontab":
            case "parsedCronItems": {
                // ignore
                break;
            }
            case "preset": {
                preset.extends.push(options[key]);
                break;
            }
            case "logger": {
                preset.worker.logger = options[key];
                break;
            }
            case "schema": {
                preset.worker.schema = options[key];
                break;
            }
            case "connectionString": {
                preset.worker.connectionString = options[key];
                break;
            }
            case "events": {
                preset.worker.events = options[key];
                break;
            }
            case "maxPoolSize": {
                preset.worker.maxPoolSize = options[key];
                break;
            }
            case "useNodeTime": {
                preset.worker.useNodeTime = options[key];
                break;
            }
            case "noPreparedStatements": {
                preset.worker.preparedStatements = !options[key];
                break;
            }
            case "minResetLockedInterval": {
                preset.worker.minResetLockedInterval = options[key];
                break;
            }
            case "maxResetLockedInterval": {
                preset.worker.maxResetLockedInterval = options[key];
                break;
            }
            case "gracefulShutdownAbortTimeout": {
                preset.worker.gracefulShutdownAbortTimeout = options[key];
                break;
            }
            case "pollInterval": {
                preset.worker.pollInterval = options[key];
                break;
            }
            case "concurrency": {
                preset.worker.concurrentJobs = options[key];
                break;
            }
            case "taskDirectory": {
                preset.worker.taskDirectory = options[key];
                break;
            }
            case "crontabFile": {
                preset.worker.crontabFile = options[key];
                break;
            }
            default: {
                const never = key;
                console.warn(`Do not know how to convert config option '${never}' into its preset equivalent; ignoring.`);
            }
        }
    }
    return preset;
}
const _sharedOptionsCache = new WeakMap();
function processSharedOptions(options, { scope } = {}) {
    if ("_rawOptions" in options) {
        throw new Error(`Fed processed options to processSharedOptions; this is invalid.`);
    }
    let compiled = _sharedOptionsCache.get(options);
    if (!compiled) {
        const resolvedPreset = (0, graphile_config_1.resolvePreset)({
            extends: [
                preset_1.WorkerPreset,
                // Explicit options override the preset
                legacyOptionsToPreset(options),
            ],
        });
        const middleware = new graphile_config_1.Middleware();
        (0, graphile_config_1.orderedApply)(resolvedPreset.plugins, (plugin) => plugin.worker?.middleware, (name, fn, _plugin) => {
            // eslint-disable-next-line @typescript-eslint/no-explicit-any
            middleware.register(name, fn);
        });
        const { worker: { minResetLockedInterval, maxResetLockedInterval, schema: workerSchema, logger, events = new events_1.default(), }, plugins, } = resolvedPreset;
        const escapedWorkerSchema = pg_1.Client.prototype.escapeIdentifier(workerSchema);
        const ctx = {
            version: version_1.version,
            resolvedPreset,
            workerSchema,
            escapedWorkerSchema,
            events,
            logger,
        };
        compiled = middleware.run("init", { ctx }, () => {
            if (!Number.isFinite(minResetLockedInterval) ||
                !Number.isFinite(maxResetLockedInterval) ||
                minResetLockedInterval < 1 ||
                maxResetLockedInterval < minResetLockedInterval) {
                throw new Error(`Invalid values for minResetLockedInterval (${minResetLockedInterval})/maxResetLockedInterval (${maxResetLockedInterval})`);
            }
            const hooks = new graphile_config_1.AsyncHooks();
            const compiled = Object.assign(ctx, {
                hooks,
                middleware,
                maxMigrationNumber: MAX_MIGRATION_NUMBER,
                breakingMigrationNumbers: exports.BREAKING_MIGRATIONS,
                _rawOptions: options,
            });
            (0, graphile_config_1.applyHooks)(plugins, (p) => p.worker?.hooks, (name, fn, plugin) => {
                const context = compiled;
                // eslint-disable-next-line @typescript-eslint/no-explicit-any
                const cb = ((...args) => fn(context, ...args));
                cb.displayName = `${plugin.name}_hook_${name}`;
                hooks.hook(name, cb);
            });
            _sharedOptionsCache.set(options, compiled);
            // 'init' hook is deprecated; use middleware instead.
            Promise.resolve(hooks.process("init")).catch((error) => {
                logger.error(`One of the plugins you are using raised an error during 'init'; but errors during 'init' are currently ignored. Continuing. Error: ${error}`, { error });
            });
            return compiled;
        });
    }
    if (scope) {
        return {
            ...compiled,
            logger: compiled.logger.scope(scope),
        };
    }
    else {
        return compiled;
    }
}
exports.processSharedOptions = processSharedOptions;
async function assertPool(compiledSharedOptions, releasers) {
    const { resolvedPreset: { worker: { maxPoolSize, connectionString }, }, _rawOptions, } = compiledSharedOptions;
    assert.ok(
    // NOTE: we explicitly want `_rawOptions.connectionString` here - we don't
    // mind if `connectionString` is set as part of the preset.
    !_rawOptions.pgPool || !_rawOptions.connectionString, "Both `pgPool` and `connectionString` are set, at most one of these options should be provided");
    let pgPool;
    if (_rawOptions.pgPool) {
        pgPool = _rawOptions.pgPool;
        if (pgPool.listeners("error").length === 0) {
            console.warn(`Your pool doesn't have error handlers! See: https://err.red/wpeh?v=${encodeURIComponent(version_1.version)}`);
            installErrorHandlers(compiledSharedOptions, releasers, pgPool);
        }
        if (pgPool.listeners("connect").length === 0) {
            console.warn(`Your pool doesn't have all of the error handlers! See: https://err.red/wpeh?v=${encodeURIComponent(version_1.version)}&method=connect`);
            installErrorHandlers(compiledSharedOptions, releasers, pgPool);
        }
    }
    else if (connectionString) {
        pgPool = makeNewPool(compiledSharedOptions, releasers, {
            connectionString,
            max: maxPoolSize,
        });
    }
    else if (process.env.PGDATABASE) {
        pgPool = makeNewPool(compiledSharedOptions, releasers, {
            /* Pool automatically pulls settings from envvars */
            max: maxPoolSize,
        });
    }
    else {
        throw new Error("You must either specify `pgPool` or `connectionString`, or you must make the `DATABASE_URL` or `PG*` environmental variables available.");
    }
    return pgPool;
}
exports.assertPool = assertPool;
function makeNewPool(compiledSharedOptions, releasers, poolOptions) {
    const pgPool = new pg_1.Pool(poolOptions);
    releasers.push(() => {
        pgPool.end();
    });
    installErrorHandlers(compiledSharedOptions, releasers, pgPool);
    return pgPool;
}
function installErrorHandlers(compiledSharedOptions, releasers, pgPool) {
    const { logger } = compiledSharedOptions;
    const handlePoolError = (err) => {
        /*
         * This handler is required so that client connection errors on clients
         * that are alive but not checked out don't bring the server down (via
         * `unhandledError`).
         *
         * `pg` will automatically terminate the client and remove it from the
         * pool, so we don't actually need to take any action here, just ensure
         * that the event listener is registered.
         */
        logger.error(`PostgreSQL idle client generated error: ${err.message}`, {
            error: err,
        });
    };
    const handleClientError = (err) => {
        /*
         * This handler is required so that client connection errors on clients
         * that are checked out of the pool don't bring the server down (via
         * `unhandledError`).
         *
         * `pg` will automatically raise the error from the client the next time it
         * attempts a query, so we don't actually need to take any action here,
         * just ensure that the event listener is registered.
         */
        logger.error(`PostgreSQL active client generated error: ${err.message}`, {
            error: err,
        });
    };
    pgPool.on("error", handlePoolError);
    const handlePoolConnect = (client) => {
        client.on("error", handleClientError);
    };
    pgPool.on("connect", handlePoolConnect);
    releasers.push(() => {
        pgPool.removeListener("error", handlePoolError);
        pgPool.removeListener("connect", handlePoolConnect);
    });
}
async function withReleasers(callback) {
    const releasers = [];
    let released = false;
    const release = async () => {
        if (released) {
            throw new Error(`Internal error: compiledOptions was released twice.`);
        }
        else {
            released = true;
        }
        let firstError = null;
        // Call releasers in reverse order - LIFO queue.
        for (let i = releasers.length - 1; i >= 0; i--) {
            try {
                await releasers[i]();
            }
            catch (e) {
                firstError ??= coerceError(e);
            }
        }
        if (firstError) {
            throw firstError;
        }
    };
    try {
        return await callback(releasers, release);
    }
    catch (e) {
        try {
            await release();
        }
        catch (e2) {
            /* noop */
        }
        throw e;
    }
}
exports.withReleasers = withReleasers;
const getUtilsAndReleasersFromOptions = async (options, settings = {}) => {
    if ("_rawOptions" in options) {
        throw new Error(`Fed processed options to getUtilsAndReleasersFromOptions; this is invalid.`);
    }
    const compiledSharedOptions = processSharedOptions(options, settings);
    const { logger, resolvedPreset: { worker: { concurrentJobs: concurrency }, }, } = compiledSharedOptions;
    return withReleasers(async function getUtilsFromOptions(releasers, release) {
        const pgPool = await assertPool(compiledSharedOptions, releasers);
        // @ts-ignore
        const max = pgPool?.options?.max || 10;
        if (max < concurrency) {
            logger.warn(`WARNING: having maxPoolSize (${max}) smaller than concurrency (${concurrency}) may lead to non-optimal performance.`, { max, concurrency });
        }
        const withPgClient = makeEnhancedWithPgClient((0, helpers_1.makeWithPgClientFromPool)(pgPool));
        // Migrate
        await withPgClient(function migrateWithPgClient(client) {
            return (0, migrate_1.migrate)(compiledSharedOptions, client);
        });
        const addJob = (0, helpers_1.makeAddJob)(compiledSharedOptions, withPgClient);
        const addJobs = (0, helpers_1.makeAddJobs)(compiledSharedOptions, withPgClient);
        return [
            {
                ...compiledSharedOptions,
                pgPool,
                withPgClient,
                addJob,
                addJobs,
                releasers,
            },
            release,
        ];
    });
};
exports.getUtilsAndReleasersFromOptions = getUtilsAndReleasersFromOptions;
function tryParseJson(json) {
    if (json == null) {
        return null;
    }
    try {
        return JSON.parse(json);
    }
    catch (e) {
        return null;
    }
}
exports.tryParseJson = tryParseJson;
/** @see {@link https://www.postgresql.org/docs/current/mvcc-serialization-failure-handling.html} */
exports.RETRYABLE_ERROR_CODES = {
    // @ts-ignore
    __proto__: null,
    "40001": { minDelay: 50, maxDelay: 5000 },
    "40P01": { minDelay: 50, maxDelay: 5000 },
    "57P03": { minDelay: 3000, maxDelay: 120000 },
    EHOSTUNREACH: { minDelay: 3000, maxDelay: 120000 },
    ETIMEDOUT: { minDelay: 3000, maxDelay: 120000 }, // timeout
};
const MAX_RETRIES = 100;
function makeEnhancedWithPgClient(withPgClient) {
    if ("withRetries" in withPgClient &&
        typeof withPgClient.withRetries === "function") {
        return withPgClient;
    }
    const enhancedWithPgClient = withPgClient;
    enhancedWithPgClient.withRetries = async (...args) => {
        let lastError;
        for (let attempts = 0; attempts < MAX_RETRIES; attempts++) {
            try {
                return await withPgClient(...args);
            }
            catch (rawE) {
                const e = coerceError(rawE);
                const retryable = exports.RETRYABLE_ERROR_CODES[e.code];
                if (retryable) {
                    lastError = e;
                    const delay = calculateDelay(attempts, {
                        maxAttempts: MAX_RETRIES,
                        minDelay: retryable.minDelay,
                        maxDelay: retryable.maxDelay,
                        multiplier: 1.5,
                    });
                    // Try again in backoffMS
                    await (0, exports.sleep)(delay);
                }
                else {
                    throw e;
                }
            }
        }
        console.error(`Retried ${MAX_RETRIES} times, and still failed:`, lastError);
        throw lastError;
    };
    return enhancedWithPgClient;
}
exports.makeEnhancedWithPgClient = makeEnhancedWithPgClient;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
exports.sleep = sleep;
function coerceError(err) {
    if (err instanceof Error) {
        return err;
    }
    else {
        const message = typeof err === "object" && err !== null && "message" in err
            ? String(err.message)
            : "An error occurred";
        return new Error(message, { cause: err });
    }
}
exports.coerceError = coerceError;
function isPromiseLike(v) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return v != null && typeof v.then === "function";
}
exports.isPromiseLike = isPromiseLike;
function calculateDelay(previousAttempts, retryOptions) {
    const { minDelay = 200, maxDelay = 30000, multiplier = 1.5 } = retryOptions;
    /** Prevent the thundering herd problem by offsetting randomly */
    const jitter = Math.random();
    return (Math.min(minDelay * Math.pow(multiplier, previousAttempts), maxDelay) *
        (0.5 + jitter));
}
exports.calculateDelay = calculateDelay;
function safeEmit(ctx, eventName, payload) {
    const { events, logger } = ctx;
    try {
        events.emit(eventName, payload);
    }
    catch (e) {
        const error = coerceError(e);
        logger.error(`Emitting ${eventName} raised an error - this should never happen: ${error.stack ?? error}`, { error, eventName, payload });
    }
}
exports.safeEmit = safeEmit;
//# sourceMappingURL=lib.js.map

/***/ }),

/***/ 7281:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.LocalQueue = void 0;
const tslib_1 = __webpack_require__(1860);
const assert_1 = tslib_1.__importDefault(__webpack_require__(2613));
const _1 = __webpack_require__(1399);
const cronConstants_1 = __webpack_require__(5262);
const deferred_1 = tslib_1.__importDefault(__webpack_require__(4132));
const lib_1 = __webpack_require__(8224);
const getJobs_1 = __webpack_require__(2220);
const returnJobs_1 = __webpack_require__(8804);
const RETURN_JOBS_RETRY_OPTIONS = {
    maxAttempts: 20,
    minDelay: 200,
    maxDelay: 30000,
    multiplier: 1.5,
};
const { STARTING, POLLING, WAITING, TTL_EXPIRED, RELEASED } = _1.LocalQueueModes;
/**
 * The local queue exists to reduce strain on the database; it works by
 * fetching a batch of jobs from the database and distributing them to workers
 * as and when necessary. It is also responsible for polling when in use,
 * relieving the workers of this responsibility.
 *
 * The local queue trades latency for throughput: jobs may sit in the local
 * queue for a longer time (maximum `localQueue.size` jobs waiting maximum
 * `localQueue.ttl` milliseconds), but fewer requests to the database are made
 * for jobs since more jobs are fetched at once, enabling the worker to reach
 * higher levels of performance (and reducing read stress on the DB).
 *
 * The local queue is always in one of these modes:
 *
 * - STARTING mode
 * - POLLING mode
 * - WAITING mode
 * - TTL_EXPIRED mode
 * - RELEASED mode
 *
 * ## STARTING mode
 *
 * STARTING mode is the initial state of the local queue.
 *
 * Immediately move to POLLING mode.
 *
 * ## POLLING mode
 *
 * The queue will only be in POLLING mode when it contains no cached jobs.
 *
 * When the queue enters POLLING mode:
 *
 * - if any refetch delay has expired it will trigger a fetch of jobs from the
 *   database,
 * - otherwise it will trigger a refetch to happen once the refetch delay has
 *   completed.
 *
 * When jobs are fetched:
 *
 * - if fewer than `Math.ceil(Math.min(localQueueRefetchDelay.threshold, localQueueSize))`
 *   jobs were returned then a refetch delay will be set (if configured).
 * - if jobs were returned then it will supply as many as possible to any
 *   waiting workers (`workerQueue`)
 * - if all workers are busy and jobs still remain it will store them to
 *   `jobQueue` and immediately enter WAITING mode
 * - otherwise (if no jobs remain: `jobQueue` is empty) we'll wait
 *   `pollInterval` ms and then fetch again.
 *
 * When a "new job" notification is received, once any required refetch delay
 * has expired (or immediately if it has already expired) the timer will be
 * cancelled, and a fetch will be fired immediately.
 *
 * ## WAITING mode
 *
 * The local queue can only be in WAITING mode if there are cached jobs.
 *
 * Any waiting clients are issued any available cached jobs.
 *
 * If no cached jobs remain, then the local queue enters POLLING mode,
 * triggering a fetch.
 *
 * If cached jobs remain (even if there's just one, even if it has been 30
 * minutes since the last fetch) then the local queue continues to wait for
 * a worker to claim the remaining jobs. Once no jobs remain, the local queue
 * reverts to POLLING mode, triggering a fetch.
 *
 * In WAITING mode, all "new job" announcements are ignored.
 *
 * The local queue can be in WAITING mode for at most `getJobBatchTime`
 * milliseconds (default: 30 minutes), after which all unclaimed jobs are
 * returned to the pool and the local queue enters TTL_EXPIRED mode.
 *
 * ## TTL_EXPIRED mode
 *
 * This mode is used when jobs were queued in WAITING mode for too long. The
 * local queue will sit in TTL_EXPIRED mode until a worker asks for a job,
 * whereupon the local queue will enter POLLING mode (triggering a fetch).
 *
 * ## RELEASED mode
 *
 * Triggered on shutdown.
 */
class LocalQueue {
    ctx;
    tasks;
    withPgClient;
    workerPool;
    getJobBatchSize;
    continuous;
    onMajorError;
    /**
     * The configured time (in milliseconds) that a job may sit unclaimed in the
     * local queue before being returned to the database.
     */
    ttl;
    /**
     * The time interval (in milliseconds) between fetch requests when in
     * `POLLING` mode.
     */
    pollInterval;
    /**
     * The jobs that have been pulled from the database that are waiting for a
     * worker to claim them. Once claimed, a job will be removed from this list.
     * This should be empty in POLLING and TTL_EXPIRED modes.
     */
    jobQueue = [];
    /**
     * Workers waiting for jobs are represented by deferred promises in this
     * list. When a job becomes available, first it attempts to satisfy one of
     * these from the workerQueue, and only if this is empty does it then add the
     * job to the `jobQueue`.
     */
    workerQueue = [];
    /**
     * Are we currently fetching jobs from the DB? Prevents double-fetches.
     */
    fetchInProgress = false;
    /**
     * When we enter WAITING mode (i.e. there are jobs in `jobQueue`), we set up
     * this timer. When the timer fires, we will release any remaining jobs in
     * jobQueue back to the database (and enter TTL_EXPIRED mode). Note: all jobs
     * are fetched at once, and no further jobs are fetched, so the TTL for all
     * jobs will expire at the same time - we'll only return to POLLING mode once
     * all jobs have been executed.
     */
    ttlExpiredTimer = null;
    /**
     * The timer associated with the next fetch poll (see also `pollInterval`).
     */
    fetchTimer = null;
    /**
     * Should we fetch again once the current fetch is complete? This is
     * generally used to indicate that we received a "new job" notification (the
     * queue is "pulsed") whilst we were already fetching, so our fetch may not
     * have included that job.
     */
    fetchAgain = false;
    /**
     * The mode that the queue is in; must only be changed via `setMode`, which
     * itself must only be called by the `setMode*()` methods.
     */
    mode = STARTING;
    /**
     * The promise that resolves/rejects when the local queue has been released.
     * Will not resolve until all locally queued jobs have been returned to the
     * pool (or may reject if this process fails) and all active fetches and
     * other background tasks are complete. This is important, otherwise we might
     * release the pg.Pool that we're using before jobs are returned to the
     * database, which would be something we couldn't recover from!
     *
     * If it rejects, may reject with a regular Error or an AggregateError
     * representing multiple failures.
     */
    _finPromise = (0, deferred_1.default)();
    /**
     * Errors that occurred causing the shutdown or during the shutdown of this
     * local queue instance.
     */
    errors = [];
    /**
     * A count of the number of "background" processes such as fetching or
     * returning jobs such that we can avoid exiting until all background tasks
     * have completed.
     */
    backgroundCount = 0;
    /**
     * If `localQueueRefetchDelay` is configured; set this true if the fetch
     * resulted in a queue size lower than the threshold.
     */
    refetchDelayActive = false;
    /**
     * If true, when the refetch delay expires in POLLING mode (or when we next
     * enter POLLING mode after it expires), immediately trigger a fetch. If
     * false, just wait for the regular POLLING timeouts.
     */
    refetchDelayFetchOnComplete = false;
    /** The timer tracking when the refetch delay has expired. */
    refetchDelayTimer = null;
    /**
     * The number of new jobs received during the fetch or the resulting refetch
     * delay; see also `refetchDelayAbortThreshold`.
     */
    refetchDelayCounter = 0;
    /**
     * A random number between 0 and either
     * `preset.worker.localQueue.refetchDelay.maxAbortThreshold` or
     * `5*preset.worker.localQueue.size`; when we've been informed of this many
     * jobs via pulse(), we must abort the refetch delay and trigger an immediate
     * fetch.
     */
    refetchDelayAbortThreshold = Infinity;
    constructor(ctx, tasks, withPgClient, workerPool, 
    /** How many jobs to fetch at once */
    getJobBatchSize, 
    /**
     * If false, exit once the DB seems to have been exhausted of jobs, even if
     * for just a moment. (I.e. `runOnce()`)
     */
    continuous, onMajorError) {
        this.ctx = ctx;
        this.tasks = tasks;
        this.withPgClient = withPgClient;
        this.workerPool = workerPool;
        this.getJobBatchSize = getJobBatchSize;
        this.continuous = continuous;
        this.onMajorError = onMajorError;
        this.ttl = ctx.resolvedPreset.worker.localQueue?.ttl ?? 5 * cronConstants_1.MINUTE;
        this.pollInterval = ctx.resolvedPreset.worker.pollInterval ?? 2 * cronConstants_1.SECOND;
        const localQueueRefetchDelayDuration = ctx.resolvedPreset.worker.localQueue?.refetchDelay?.durationMs;
        if (localQueueRefetchDelayDuration != null &&
            localQueueRefetchDelayDuration > this.pollInterval) {
            throw new Error(`Invalid configuration; 'preset.worker.localQueue.refetchDelay.durationMs' (${localQueueRefetchDelayDuration}) must not be larger than 'preset.worker.pollInterval' (${this.pollInterval})`);
        }
        (0, lib_1.safeEmit)(ctx, "localQueue:init", {
            ctx: ctx,
            localQueue: this,
        });
        // Immediately enter polling mode.
        this.setModePolling();
    }
    /**
     * Only call this from `setMode*()` helpers.
     */
    setMode(newMode) {
        const oldMode = this.mode;
        // Override the 'readonly'
        this.mode = newMode;
        (0, lib_1.safeEmit)(this.ctx, "localQueue:setMode", {
            ctx: this.ctx,
            localQueue: this,
            oldMode,
            newMode,
        });
    }
    /**
     * Called when the LocalQueue is completely finished and released: no
     * background tasks, no jobs in job queue. Resolves (or rejects)
     * `_finPromise`.
     */
    fin() {
        assert_1.default.equal(this.mode, "RELEASED");
        assert_1.default.equal(this.backgroundCount, 0);
        assert_1.default.equal(this.jobQueue.length, 0);
        if (this.errors.length === 1) {
            this._finPromise.reject(this.errors[0]);
        }
        else if (this.errors.length > 1) {
            this._finPromise.reject(new AggregateError(this.errors, "Worker did not exit cleanly"));
        }
        else {
            this._finPromise.resolve();
        }
    }
    decreaseBackgroundCount = () => {
        this.backgroundCount--;
        if (this.mode === "RELEASED" && this.backgroundCount === 0) {
            this.fin();
        }
    };
    decreaseBackgroundCountWithError = (e) => {
        this.backgroundCount--;
        if (this.mode === "RELEASED") {
            this.errors.push((0, lib_1.coerceError)(e));
            if (this.backgroundCount === 0) {
                this.fin();
            }
        }
        else {
            // If we're not shutting down, view this as a temporary error (but give
            // Benjie a wrist slap anyway).
            this.ctx.logger.error(`GraphileWorkerInternalError<cd483429-3372-42f0-bcf6-c78e045c760d>: Backgrounding should never yield errors when the queue is not RELEASED`, { error: e });
        }
    };
    /**
     * Track promises that happen in the background, but that we want to ensure are
     * handled before we release the queue (so that the database pool isn't
     * released too early).
     *
     * IMPORTANT: never raise an error from background unless mode === "RELEASED" - you
     * need to handle errors yourself!
     */
    background(promise) {
        if (this.mode === "RELEASED" && this.backgroundCount === 0) {
            throw new Error(`Cannot background something when the queue is already released`);
        }
        this.backgroundCount++;
        promise.then(this.decreaseBackgroundCount, this.decreaseBackgroundCountWithError);
    }
    setModePolling() {
        assert_1.default.ok(!this.fetchTimer, "Cannot enter polling mode when a fetch is scheduled");
        assert_1.default.ok(!this.fetchInProgress, "Cannot enter polling mode when fetch is in progress");
        assert_1.default.equal(this.jobQueue.length, 0, "Cannot enter polling mode when job queue isn't empty");
        // There's no jobs, so there's no need for ttlExpired timer any more.
        if (this.ttlExpiredTimer) {
            clearTimeout(this.ttlExpiredTimer);
            this.ttlExpiredTimer = null;
        }
        this.setMode(POLLING);
        // This won't necessarily fetch, it will respect refetchDelay
        this.fetch();
    }
    setModeWaiting(causedByErrorHandling = false) {
        if (!causedByErrorHandling) {
            // Can only enter WAITING mode from POLLING mode.
            assert_1.default.equal(this.mode, POLLING);
        }
        assert_1.default.ok(!this.fetchTimer, "Cannot enter waiting mode when a fetch is scheduled");
        assert_1.default.ok(!this.fetchInProgress, "Cannot enter waiting mode when fetch is in progress");
        assert_1.default.equal(this.workerQueue.length, 0, "Cannot enter waiting mode when the worker queue is not empty");
        assert_1.default.notEqual(this.jobQueue.length, 0, "Cannot enter waiting mode when job queue is empty");
        if (this.ttlExpiredTimer) {
            clearTimeout(this.ttlExpiredTimer);
        }
        this.setMode(WAITING);
        this.ttlExpiredTimer = setTimeout(this.setModeTtlExpired, this.ttl);
    }
    setModeTtlExpired = () => {
        // Can only enter TTL_EXPIRED mode from WAITING mode.
        assert_1.default.equal(this.mode, WAITING);
        assert_1.default.ok(!this.fetchTimer, "Cannot enter TTL expired mode when a fetch is scheduled");
        assert_1.default.ok(!this.fetchInProgress, "Cannot enter TTL expired mode when fetch is in progress");
        assert_1.default.notEqual(this.jobQueue.length, 0, "Cannot enter TTL expired mode when job queue is empty");
        if (this.ttlExpiredTimer) {
            clearTimeout(this.ttlExpiredTimer);
            this.ttlExpiredTimer = null;
        }
        this.setMode(TTL_EXPIRED);
        // Return jobs to the pool
        this.returnJobs();
    };
    returnJobs() {
        const l = this.jobQueue.length;
        if (l === 0) {
            return;
        }
        const jobsToReturn = this.jobQueue.splice(0, l);
        (0, lib_1.safeEmit)(this.ctx, "localQueue:returnJobs", {
            ctx: this.ctx,
            localQueue: this,
            jobs: jobsToReturn,
        });
        let attempts = 1;
        let initialError;
        const { maxAttempts } = RETURN_JOBS_RETRY_OPTIONS;
        const onError = (e) => {
            const lastError = (0, lib_1.coerceError)(e);
            if (attempts === 1) {
                initialError = lastError;
            }
            this.ctx.logger.error(`Failed to return jobs from local queue to database queue (attempt ${attempts}/${maxAttempts})`, {
                error: e,
                attempts,
                returnJobsRetryOptions: RETURN_JOBS_RETRY_OPTIONS,
            });
            // NOTE: the mode now may not be the mode that we were in when
            // returnJobs was called. An error happened... we need to deal with
            // this error gracefully.
            switch (this.mode) {
                case "RELEASED": {
                    throw new Error(`Error occurred whilst returning jobs from local queue to database queue: ${initialError.message}`);
                }
                // NOTE: considered doing `this.receivedJobs(jobsToReturn)`; but
                // simply trying to release them again seems safer and more correct.
                default: {
                    if (attempts >= maxAttempts) {
                        this.onMajorError(new Error(`Error occurred whilst returning jobs from local queue to database queue; raising major error after ${attempts} (>= ${maxAttempts}) attempts (should trigger shutdown). Initial error: ${initialError.message}`, { cause: initialError }));
                    }
                    {
                        const code = lastError?.code;
                        const retryable = lib_1.RETRYABLE_ERROR_CODES[code];
                        const delay = (0, lib_1.calculateDelay)(attempts - 1, {
                            ...RETURN_JOBS_RETRY_OPTIONS,
                            // NOTE: `retryable` might be undefined, in which case `RETURN_JOBS_RETRY_OPTIONS` wins
                            ...retryable,
                        });
                        // Be sure to increment attempts to avoid infinite loop!
                        ++attempts;
                        return (0, lib_1.sleep)(delay).then(() => (0, returnJobs_1.returnJobs)(this.ctx, this.withPgClient, // We'll handle the retries via onError
                        this.workerPool.id, jobsToReturn).then(noop, onError));
                    }
                }
            }
        };
        // NOTE: the `this.background` call covers all of the re-attempts via
        // `onError` above, since `onError` returns the next promise each time.
        this.background((0, returnJobs_1.returnJobs)(this.ctx, this.withPgClient, // We'll handle the retries via onError
        this.workerPool.id, jobsToReturn).then(noop, // No action necessary on success
        onError));
    }
    receivedJobs(jobs) {
        const jobCount = jobs.length;
        const workerCount = Math.min(jobCount, this.workerQueue.length);
        const workers = this.workerQueue.splice(0, workerCount);
        for (let i = 0; i < jobCount; i++) {
            const job = jobs[i];
            if (i < workerCount) {
                workers[i].resolve(job);
            }
            else {
                this.jobQueue.push(job);
            }
        }
    }
    fetch = () => {
        if (this.fetchTimer) {
            clearTimeout(this.fetchTimer);
            this.fetchTimer = null;
        }
        if (this.refetchDelayActive) {
            this.refetchDelayFetchOnComplete = true;
            return;
        }
        this.background(this._fetch().catch((e) => {
            // This should not happen
            this.ctx.logger.error(`Error occurred during fetch`, {
                error: e,
            });
        }));
    };
    async _fetch() {
        /**
         * Did we fetch the maximum number of records that we could? (If so, we
         * should consider fetching again straight away so there's always jobs to
         * be done.)
         */
        let fetchedMax = false;
        /**
         * Did we fetch more jobs than the refetch delay threshold? (Greater than,
         * not equal to.) If false, we should start a refetch delay.
         *
         * Initialized to `true` so on error we don't enable refetch delay.
         */
        let refetchDelayThresholdSurpassed = true;
        /** How many jobs did we fetch? (Initialize to zero in case of error.) */
        let jobCount = 0;
        const refetchDelayOptions = this.ctx.resolvedPreset.worker.localQueue?.refetchDelay;
        try {
            assert_1.default.equal(this.mode, POLLING, "Can only fetch when in polling mode");
            assert_1.default.equal(this.fetchInProgress, false, "Cannot fetch when a fetch is already in progress");
            assert_1.default.equal(this.refetchDelayActive, false, "Can not fetch when fetches are meant to be delayed");
            assert_1.default.equal(this.jobQueue.length, 0, "Should not fetch when job queue isn't empty");
            this.fetchAgain = false;
            this.fetchInProgress = true;
            // NOTE: this.refetchDelayCounter is set here allow for pulse() during
            // fetch(). If the refetch delay threshold is surpassed then this value
            // is harmlessly ignored.
            this.refetchDelayCounter = 0;
            // The ONLY await in this function.
            const jobs = await (0, getJobs_1.batchGetJobs)(this.ctx, this.withPgClient, this.tasks, this.workerPool.id, null, // `flagsToSkip` is not set, see `LocalQueue.getJob`
            this.getJobBatchSize);
            (0, lib_1.safeEmit)(this.ctx, "localQueue:getJobs:complete", {
                ctx: this.ctx,
                localQueue: this,
                jobs,
            });
            jobCount = jobs.length;
            fetchedMax = jobCount >= this.getJobBatchSize;
            refetchDelayThresholdSurpassed =
                // If we've fetched the maximum, we've met the requirement
                fetchedMax ||
                    // If refetch delay is disabled, we've met the requirement
                    !refetchDelayOptions ||
                    // If we fetched more than (**not** equal to) `threshold` jobs, we've met the requirement
                    jobCount > (refetchDelayOptions.threshold ?? 0);
            // NOTE: we don't need to handle `this.mode === RELEASED` here because
            // being in that mode guarantees the workerQueue is empty.
            this.receivedJobs(jobs);
        }
        catch (e) {
            // Error happened; rely on poll interval.
            this.ctx.logger.error(`Error occurred fetching jobs; will try again on next poll interval. Error: ${e}`, { error: e });
        }
        finally {
            this.fetchInProgress = false;
        }
        // Finally, now that there is no fetch in progress, choose what to do next
        if (this.mode === "RELEASED") {
            this.returnJobs();
            return;
        }
        /** How long to avoid any refetches for */
        const refetchDelayMs = (0.5 + Math.random()) * (refetchDelayOptions?.durationMs ?? 100);
        if (!refetchDelayThresholdSurpassed) {
            /** The configured abort threshold */
            const maxAbortThreshold = refetchDelayOptions?.maxAbortThreshold ?? 5 * this.getJobBatchSize;
            /**
             * How many notifications do we need to receive before we abort the "no
             * refetches" behavior? Note: this is not
             */
            const abortThreshold = 
            // `|| Infinity` because if `maxAbortThreshold = Infinity` and
            // `Math.random() = 0` then we'd get `NaN` (`0 * Infinity = NaN`)
            Math.random() * maxAbortThreshold || Infinity;
            this.fetchAgain = false;
            this.refetchDelayActive = true;
            this.refetchDelayFetchOnComplete = false;
            this.refetchDelayAbortThreshold = abortThreshold;
            // NOTE: this.refetchDelayCounter is set at the beginning of fetch()
            // (i.e. above) to allow for pulse() during fetch()
            this.refetchDelayTimer = setTimeout(this.refetchDelayCompleteOrAbort, refetchDelayMs);
            (0, lib_1.safeEmit)(this.ctx, "localQueue:refetchDelay:start", {
                ctx: this.ctx,
                localQueue: this,
                jobCount,
                threshold: refetchDelayOptions?.threshold ?? 0,
                delayMs: refetchDelayMs,
                abortThreshold: this.refetchDelayAbortThreshold,
            });
        }
        if (this.jobQueue.length > 0) {
            this.setModeWaiting();
        }
        else {
            if (fetchedMax || this.fetchAgain) {
                // Maximal fetch and all jobs instantly consumed; trigger immediate refetch
                // OR: new jobs came in during fetch(); trigger immediate refetch
                assert_1.default.equal(this.refetchDelayActive, false, "refetchDelayActive should imply didn't fetch max and fetchAgain is false");
                this.fetch();
            }
            else if (this.continuous) {
                // Set up the timer
                this.fetchTimer = setTimeout(this.fetch, this.pollInterval);
            }
            else {
                this.setModeReleased();
                return;
            }
        }
        // In case the counter was incremented sufficiently during fetch()
        this.handleCheckRefetchDelayAbortThreshold();
    }
    refetchDelayCompleteOrAbort = (aborted = false) => {
        if (this.refetchDelayTimer != null) {
            clearTimeout(this.refetchDelayTimer);
            this.refetchDelayTimer = null;
        }
        this.refetchDelayActive = false;
        if (aborted) {
            // Force refetch because we've been notified of so many jobs!
            this.refetchDelayFetchOnComplete = true;
            (0, lib_1.safeEmit)(this.ctx, "localQueue:refetchDelay:abort", {
                ctx: this.ctx,
                localQueue: this,
                count: this.refetchDelayCounter,
                abortThreshold: this.refetchDelayAbortThreshold,
            });
        }
        else {
            (0, lib_1.safeEmit)(this.ctx, "localQueue:refetchDelay:expired", {
                ctx: this.ctx,
                localQueue: this,
            });
        }
        if (this.mode === POLLING && this.refetchDelayFetchOnComplete) {
            // Cancel poll, do now
            if (this.fetchTimer != null) {
                clearTimeout(this.fetchTimer);
                this.fetchTimer = null;
            }
            this.fetch();
        }
    };
    /**
     * If no refetch delay is active, returns false; otherwise returns true and
     * checks to see if we need to abort the delay and trigger a fetch.
     */
    handleCheckRefetchDelayAbortThreshold() {
        if (!this.refetchDelayActive || this.mode === "RELEASED") {
            return false;
        }
        if (this.refetchDelayCounter >= this.refetchDelayAbortThreshold) {
            this.refetchDelayCompleteOrAbort(true);
        }
        return true;
    }
    /** Called when a new job becomes available in the DB */
    pulse(count) {
        this.refetchDelayCounter += count;
        if (this.handleCheckRefetchDelayAbortThreshold()) {
            // Refetch delay was enabled; we've incremented the counter and taken
            // action if necessary. No further action necessary.
        }
        else if (this.mode === POLLING) {
            if (this.fetchInProgress) {
                this.fetchAgain = true;
            }
            else if (this.fetchTimer != null) {
                clearTimeout(this.fetchTimer);
                this.fetchTimer = null;
                this.fetch();
            }
        }
    }
    // If you refactor this to be a method rather than a property, make sure that
    // you `.bind(this)` to it.
    getJob = (workerId, flagsToSkip) => {
        if (this.mode === RELEASED) {
            return undefined;
        }
        // Cannot batch if there's flags
        if (flagsToSkip !== null) {
            // PERF: we could actually batch for similar flags, I guess.
            const jobsPromise = (0, getJobs_1.batchGetJobs)(this.ctx, this.withPgClient, this.tasks, this.workerPool.id, flagsToSkip, 1);
            return jobsPromise.then((jobs) => jobs[0]);
        }
        if (this.mode === TTL_EXPIRED) {
            this.setModePolling();
        }
        const job = this.jobQueue.shift();
        if (job !== undefined) {
            if (this.jobQueue.length === 0) {
                assert_1.default.equal(this.mode, WAITING);
                this.setModePolling();
            }
            return job;
        }
        else {
            const d = (0, deferred_1.default)();
            this.workerQueue.push(d);
            return d;
        }
    };
    release() {
        if (this.mode !== "RELEASED") {
            this.setModeReleased();
        }
        return this._finPromise;
    }
    setModeReleased() {
        const oldMode = this.mode;
        assert_1.default.notEqual(oldMode, RELEASED, "LocalQueue must only be released once");
        this.setMode(RELEASED);
        if (this.refetchDelayTimer != null) {
            clearTimeout(this.refetchDelayTimer);
            this.refetchDelayTimer = null;
        }
        this.refetchDelayActive = false;
        switch (oldMode) {
            case POLLING: {
                // Release pending workers
                const futureJobs = this.workerQueue.splice(0, this.workerQueue.length);
                futureJobs.forEach((futureJob) => futureJob.resolve(undefined));
                // Release next fetch call
                if (this.fetchTimer != null) {
                    // No need to return jobs in POLLING mode
                    clearTimeout(this.fetchTimer);
                    this.fetchTimer = null;
                }
                else {
                    // There's a fetch in progress, so backgroundCount will not be 0, and
                    // fetch handles calling returnJobs if it completes when in RELEASED
                    // mode.
                }
                break;
            }
            case WAITING: {
                if (this.ttlExpiredTimer != null) {
                    clearTimeout(this.ttlExpiredTimer);
                    this.ttlExpiredTimer = null;
                }
                // Trigger the jobs to be released
                // NOTE: this will add to backgroundCount
                this.returnJobs();
                break;
            }
            case TTL_EXPIRED: {
                // No action necessary, jobs are already returned, no jobs, no pending workers
                break;
            }
            case STARTING: {
                // From STARTING to RELEASED directly? This should never happen!
                break;
            }
            case RELEASED: {
                // Explicitly ruled against via assertion above.
                break;
            }
            default: {
                const never = oldMode;
                throw new Error(`Unhandled mode: ${never}`);
            }
        }
        if (this.backgroundCount === 0) {
            this.fin();
        }
    }
}
exports.LocalQueue = LocalQueue;
function noop() { }
//# sourceMappingURL=localQueue.js.map

/***/ }),

/***/ 7311:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.defaultLogger = exports.consoleLogFactory = exports.Logger = void 0;
// For backwards compatibility
if (process.env.GRAPHILE_WORKER_DEBUG) {
    process.env.GRAPHILE_LOGGER_DEBUG = process.env.GRAPHILE_WORKER_DEBUG;
}
const logger_1 = __webpack_require__(270);
// For backwards compatibility
class Logger extends logger_1.Logger {
}
exports.Logger = Logger;
exports.consoleLogFactory = (0, logger_1.makeConsoleLogFactory)();
exports.defaultLogger = new Logger((0, logger_1.makeConsoleLogFactory)({
    format: `[%s%s] %s: %s`,
    formatParameters(level, message, scope) {
        const taskText = scope.taskIdentifier ? `: ${scope.taskIdentifier}` : "";
        const jobIdText = scope.jobId ? `{${scope.jobId}}` : "";
        return [
            scope.label || "core",
            scope.workerId ? `(${scope.workerId}${taskText}${jobIdText})` : "",
            level.toUpperCase(),
            message,
        ];
    },
}));
//# sourceMappingURL=logger.js.map

/***/ }),

/***/ 4338:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.runTaskListOnce = exports._runTaskList = exports.runTaskListInternal = exports.runTaskList = exports._allWorkerPools = void 0;
const tslib_1 = __webpack_require__(1860);
const assert = tslib_1.__importStar(__webpack_require__(2613));
const crypto_1 = __webpack_require__(6982);
const events_1 = __webpack_require__(4434);
const util_1 = __webpack_require__(9023);
const deferred_1 = tslib_1.__importDefault(__webpack_require__(4132));
const helpers_1 = __webpack_require__(5270);
const lib_1 = __webpack_require__(8224);
const localQueue_1 = __webpack_require__(7281);
const signals_1 = tslib_1.__importDefault(__webpack_require__(5082));
const completeJobs_1 = __webpack_require__(397);
const failJobs_1 = __webpack_require__(622);
const getJobs_1 = __webpack_require__(2220);
const resetLockedAt_1 = __webpack_require__(7392);
const worker_1 = __webpack_require__(9773);
const BATCH_RETRY_OPTIONS = {
    maxAttempts: 20,
    minDelay: 200,
    maxDelay: 30000,
    multiplier: 1.5,
};
const ENABLE_DANGEROUS_LOGS = process.env.GRAPHILE_ENABLE_DANGEROUS_LOGS === "1";
const NO_LOG_SUCCESS = !!process.env.NO_LOG_SUCCESS;
// Wait at most 60 seconds between connection attempts for LISTEN.
const MAX_DELAY = 60 * 1000;
const allWorkerPools = [];
exports._allWorkerPools = allWorkerPools;
/**
 * All pools share the same signal handlers, so we need to broadcast
 * gracefulShutdown to all the pools' events; we use this event emitter to
 * aggregate these requests.
 */
const _signalHandlersEventEmitter = new events_1.EventEmitter();
/**
 * Only register the signal handlers once _globally_.
 */
let _registeredSignalHandlers = false;
/**
 * Only trigger graceful shutdown once.
 */
let _shuttingDownGracefully = false;
let _shuttingDownForcefully = false;
let _registeredSignalHandlersCount = 0;
/**
 * This will register the signal handlers to make sure the worker shuts down
 * gracefully if it can. It will only register signal handlers once; even if
 * you call it multiple times it will always use the first logger it is passed,
 * future calls will register the events but take no further actions.
 */
function registerSignalHandlers(ctx) {
    if (_shuttingDownGracefully || _shuttingDownForcefully) {
        throw new Error("System has already gone into shutdown, should not be spawning new workers now!");
    }
    const gscb = (o) => (0, lib_1.safeEmit)(ctx, "gracefulShutdown", { ctx, ...o });
    const fscb = (o) => (0, lib_1.safeEmit)(ctx, "forcefulShutdown", { ctx, ...o });
    if (!_registeredSignalHandlers) {
        _reallyRegisterSignalHandlers(ctx.logger);
    }
    _registeredSignalHandlersCount++;
    _signalHandlersEventEmitter.on("gracefulShutdown", gscb);
    _signalHandlersEventEmitter.on("forcefulShutdown", fscb);
    return function release() {
        _signalHandlersEventEmitter.off("gracefulShutdown", gscb);
        _signalHandlersEventEmitter.off("forcefulShutdown", fscb);
        _registeredSignalHandlersCount--;
        if (_registeredSignalHandlersCount === 0) {
            _releaseSignalHandlers();
        }
    };
}
let _releaseSignalHandlers = () => void 0;
function _reallyRegisterSignalHandlers(logger) {
    const switchToForcefulHandler = () => {
        logger.debug(`Switching to forceful handler for termination signals (${signals_1.default.join(", ")}); another termination signal will force a fast (unsafe) shutdown`, { switchToForcefulHandlers: true });
        for (const signal of signals_1.default) {
            process.on(signal, forcefulHandler);
            process.removeListener(signal, gracefulHandler);
        }
    };
    const removeForcefulHandler = () => {
        logger.debug(`Removed forceful handler for termination signals (${signals_1.default.join(", ")}); another termination signals will likely kill the process (unless you've registered other handlers)`, { unregisteringSignalHandlers: true });
        for (const signal of signals_1.default) {
            process.removeListener(signal, forcefulHandler);
        }
    };
    const stdioErrorIgnorer = () => {
        // DO NOTHING. Not even write to `@logger` since that might be using stdio
        // under the hood, and cause recursive errors.
    };
    const stdioErrorHandler = () => {
        process.stdout.on("error", stdioErrorIgnorer);
        process.stdout.off("error", stdioErrorHandler);
        process.stderr.on("error", stdioErrorIgnorer);
        process.stderr.off("error", stdioErrorHandler);
        // Trigger graceful handler
        gracefulHandler("SIGPIPE");
    };
    const gracefulHandler = function (signal) {
        if (_shuttingDownGracefully || _shuttingDownForcefully) {
            logger.error(`Ignoring '${signal}' (graceful shutdown already in progress)`);
            return;
        }
        else {
            _shuttingDownGracefully = true;
        }
        logger.info(`Received '${signal}'; attempting global graceful shutdown... (all termination signals will be ignored for the next 5 seconds)`);
        const switchTimeout = setTimeout(switchToForcefulHandler, 5000);
        _signalHandlersEventEmitter.emit("gracefulShutdown", { signal });
        Promise.allSettled(allWorkerPools.map((pool) => pool.gracefulShutdown(`Graceful worker shutdown due to ${signal}`)))
            .finally(() => {
            clearTimeout(switchTimeout);
            process.removeListener(signal, gracefulHandler);
            if (!_shuttingDownForcefully) {
                logger.info(`Global graceful shutdown complete; killing self via ${signal}`);
                process.kill(process.pid, signal);
            }
        })
            .catch(noop);
    };
    const forcefulHandler = function (signal) {
        if (_shuttingDownForcefully) {
            logger.error(`Ignoring '${signal}' (forceful shutdown already in progress)`);
            return;
        }
        else {
            _shuttingDownForcefully = true;
        }
        logger.error(`Received '${signal}'; attempting global forceful shutdown... (all termination signals will be ignored for the next 5 seconds)`);
        const removeTimeout = setTimeout(removeForcefulHandler, 5000);
        _signalHandlersEventEmitter.emit("forcefulShutdown", { signal });
        Promise.allSettled(allWorkerPools.map((pool) => pool.forcefulShutdown(`Forced worker shutdown due to ${signal}`)))
            .finally(() => {
            removeForcefulHandler();
            clearTimeout(removeTimeout);
            logger.error(`Global forceful shutdown completed; killing self via ${signal}`);
            process.kill(process.pid, signal);
        })
            .catch(noop);
    };
    logger.debug(`Registering termination signal handlers (${signals_1.default.join(", ")})`, { registeringSignalHandlers: signals_1.default });
    _registeredSignalHandlers = true;
    for (const signal of signals_1.default) {
        process.on(signal, gracefulHandler);
    }
    process.stdout.on("error", stdioErrorHandler);
    process.stderr.on("error", stdioErrorHandler);
    _releaseSignalHandlers = () => {
        if (_shuttingDownGracefully || _shuttingDownForcefully) {
            logger.debug(`Not unregistering signal handlers as we're shutting down`);
            return;
        }
        _releaseSignalHandlers = () => void 0;
        for (const signal of signals_1.default) {
            process.off(signal, gracefulHandler);
        }
        process.stdout.off("error", stdioErrorHandler);
        process.stderr.off("error", stdioErrorHandler);
        _registeredSignalHandlers = false;
    };
}
function runTaskList(rawOptions, tasks, pgPool) {
    const compiledSharedOptions = (0, lib_1.processSharedOptions)(rawOptions);
    return runTaskListInternal(compiledSharedOptions, tasks, pgPool);
}
exports.runTaskList = runTaskList;
function runTaskListInternal(compiledSharedOptions, tasks, pgPool) {
    const ctx = compiledSharedOptions;
    const { logger, resolvedPreset: { worker: { minResetLockedInterval, maxResetLockedInterval }, }, } = compiledSharedOptions;
    const withPgClient = (0, lib_1.makeEnhancedWithPgClient)((0, helpers_1.makeWithPgClientFromPool)(pgPool));
    const workerPool = _runTaskList(compiledSharedOptions, tasks, withPgClient, {
        continuous: true,
        onTerminate() {
            return resetLockedAtPromise;
        },
        onDeactivate() {
            if (resetLockedTimeout) {
                clearTimeout(resetLockedTimeout);
                resetLockedTimeout = null;
            }
            if (reconnectTimeout) {
                clearTimeout(reconnectTimeout);
                reconnectTimeout = null;
            }
            return unlistenForChanges();
        },
    });
    let attempts = 0;
    let reconnectTimeout = null;
    let changeListener = null;
    const unlistenForChanges = async () => {
        if (changeListener) {
            try {
                await changeListener.release();
            }
            catch (e) {
                logger.error(`Error occurred whilst releasing listening client: ${(0, lib_1.coerceError)(e).message}`, { error: e });
            }
        }
    };
    let resetLockedAtPromise;
    const resetLockedDelay = () => Math.ceil(minResetLockedInterval +
        Math.random() * (maxResetLockedInterval - minResetLockedInterval));
    const resetLocked = () => {
        resetLockedAtPromise = (0, resetLockedAt_1.resetLockedAt)(compiledSharedOptions, withPgClient).then(() => {
            resetLockedAtPromise = undefined;
            if (workerPool._active) {
                const delay = resetLockedDelay();
                (0, lib_1.safeEmit)(ctx, "resetLocked:success", { ctx, workerPool, delay });
                resetLockedTimeout = setTimeout(resetLocked, delay);
            }
            else {
                (0, lib_1.safeEmit)(ctx, "resetLocked:success", {
                    ctx,
                    workerPool,
                    delay: null,
                });
            }
        }, (e) => {
            resetLockedAtPromise = undefined;
            // TODO: push this error out via an event.
            if (workerPool._active) {
                const delay = resetLockedDelay();
                (0, lib_1.safeEmit)(ctx, "resetLocked:failure", {
                    ctx,
                    workerPool,
                    error: e,
                    delay,
                });
                resetLockedTimeout = setTimeout(resetLocked, delay);
                logger.error(`Failed to reset locked; we'll try again in ${delay}ms`, {
                    error: e,
                });
            }
            else {
                (0, lib_1.safeEmit)(ctx, "resetLocked:failure", {
                    ctx,
                    workerPool,
                    error: e,
                    delay: null,
                });
                logger.error(`Failed to reset locked, but we're shutting down so won't try again`, {
                    error: e,
                });
            }
        });
        (0, lib_1.safeEmit)(ctx, "resetLocked:started", { ctx, workerPool });
    };
    // Reset locked in the first 60 seconds, not immediately because we don't
    // want to cause a thundering herd.
    let resetLockedTimeout = setTimeout(resetLocked, Math.random() * Math.min(60000, maxResetLockedInterval));
    const listenForChanges = (err, maybeClient, releaseClient) => {
        if (!workerPool._active) {
            // We were released, release this new client and abort
            releaseClient?.();
            return;
        }
        const reconnectWithExponentialBackoff = (err) => {
            (0, lib_1.safeEmit)(ctx, "pool:listen:error", { ctx, workerPool, error: err });
            attempts++;
            // When figuring the next delay we want exponential back-off, but we also
            // want to avoid the thundering herd problem. For now, we'll add some
            // randomness to it via the `jitter` variable, this variable is
            // deliberately weighted towards the higher end of the duration.
            const jitter = 0.5 + Math.sqrt(Math.random()) / 2;
            // Backoff (ms): 136, 370, 1005, 2730, 7421, 20172, 54832
            const delay = Math.ceil(jitter * Math.min(MAX_DELAY, 50 * Math.exp(attempts)));
            logger.error(`Error with notify listener (trying again in ${delay}ms): ${err.message}`, { error: err });
            reconnectTimeout = setTimeout(() => {
                reconnectTimeout = null;
                (0, lib_1.safeEmit)(ctx, "pool:listen:connecting", {
                    ctx,
                    workerPool,
                    attempts,
                });
                pgPool.connect(listenForChanges);
            }, delay);
        };
        if (err || !maybeClient) {
            // Try again
            reconnectWithExponentialBackoff(err ??
                new Error(`This should never happen, this error only exists to satisfy TypeScript`));
            return;
        }
        const client = maybeClient;
        //----------------------------------------
        let errorHandled = false;
        function onErrorReleaseClientAndTryAgain(e) {
            if (errorHandled) {
                return;
            }
            errorHandled = true;
            try {
                release();
            }
            catch (e) {
                logger.error(`Error occurred releasing client: ${(0, lib_1.coerceError)(e).stack}`, { error: e });
            }
            reconnectWithExponentialBackoff(e);
        }
        function handleNotification(message) {
            if (changeListener?.client === client && !workerPool._shuttingDown) {
                (0, lib_1.safeEmit)(ctx, "pool:listen:notification", {
                    ctx,
                    workerPool,
                    message,
                    client,
                });
                switch (message.channel) {
                    case "jobs:insert": {
                        const payload = (0, lib_1.tryParseJson)(message.payload);
                        const n = payload?.count ?? 1;
                        if (n > 0) {
                            workerPool.nudge(n);
                        }
                        break;
                    }
                    case "worker:migrate": {
                        const payload = (0, lib_1.tryParseJson)(message.payload);
                        if (payload?.breaking) {
                            logger.warn(`Graphile Worker detected breaking migration to database schema revision '${payload?.migrationNumber}'; it would be unsafe to continue, so shutting down...`);
                            process.exitCode = 57;
                            workerPool.gracefulShutdown();
                        }
                        break;
                    }
                    default: {
                        logger.debug(`Received NOTIFY message on channel '${message.channel}'`);
                    }
                }
            }
        }
        async function release() {
            // No need to call changeListener.release() because the client errored
            changeListener = null;
            client.removeListener("notification", handleNotification);
            // TODO: ideally we'd only stop handling errors once all pending queries are complete; but either way we shouldn't try again!
            client.removeListener("error", onErrorReleaseClientAndTryAgain);
            (0, lib_1.safeEmit)(ctx, "pool:listen:release", { ctx, workerPool, client });
            try {
                await client.query('UNLISTEN "jobs:insert"; UNLISTEN "worker:migrate";');
            }
            catch (error) {
                /* ignore errors */
                logger.error(`Error occurred attempting to UNLISTEN: ${error}`, {
                    error,
                });
            }
            return releaseClient();
        }
        // On error, release this client and try again
        client.on("error", onErrorReleaseClientAndTryAgain);
        //----------------------------------------
        changeListener = { client, release };
        (0, lib_1.safeEmit)(ctx, "pool:listen:success", { ctx, workerPool, client });
        client.on("notification", handleNotification);
        // Subscribe to jobs:insert message
        client.query('LISTEN "jobs:insert"; LISTEN "worker:migrate";').then(() => {
            // Successful listen; reset attempts
            attempts = 0;
        }, onErrorReleaseClientAndTryAgain);
        const supportedTaskNames = Object.keys(tasks);
        if (!NO_LOG_SUCCESS) {
            logger.info(`Worker connected and looking for jobs... (task names: '${supportedTaskNames.join("', '")}')`);
        }
    };
    // Create a client dedicated to listening for new jobs.
    (0, lib_1.safeEmit)(ctx, "pool:listen:connecting", { ctx, workerPool, attempts });
    pgPool.connect(listenForChanges);
    return workerPool;
}
exports.runTaskListInternal = runTaskListInternal;
function _runTaskList(compiledSharedOptions, tasks, withPgClient, options) {
    const ctx = compiledSharedOptions;
    const { resolvedPreset: { worker: { concurrentJobs: baseConcurrency, gracefulShutdownAbortTimeout, localQueue: { size: localQueueSize = -1 } = {}, completeJobBatchDelay = -1, failJobBatchDelay = -1, }, }, _rawOptions: { noHandleSignals = false }, } = compiledSharedOptions;
    const { concurrency = baseConcurrency, continuous, autostart: rawAutostart = true, onTerminate, onDeactivate, } = options;
    let autostart = rawAutostart;
    const { logger, middleware } = compiledSharedOptions;
    if (ENABLE_DANGEROUS_LOGS) {
        logger.debug(`Worker pool options are ${(0, util_1.inspect)(compiledSharedOptions._rawOptions)}`, { options: compiledSharedOptions._rawOptions });
    }
    if (localQueueSize > 0 && localQueueSize < concurrency) {
        logger.warn(`Your job batch size (${localQueueSize}) is smaller than your concurrency setting (${concurrency}); this may result in drastically lower performance if your jobs can complete quickly. Please update to \`localQueueSize: ${concurrency}\` to improve performance, or \`localQueueSize: -1\` to disable batching.`);
    }
    let unregisterSignalHandlers = undefined;
    if (!noHandleSignals) {
        // Clean up when certain signals occur
        unregisterSignalHandlers = registerSignalHandlers(compiledSharedOptions);
    }
    /* Errors that should be raised from the workerPool.promise (i.e. _finPromise) */
    const _finErrors = [];
    const _finPromise = (0, deferred_1.default)();
    let deactivatePromise = null;
    function deactivate() {
        if (!deactivatePromise) {
            assert.equal(workerPool._active, true);
            workerPool._active = false;
            deactivatePromise = (async () => {
                const errors = [];
                try {
                    await localQueue?.release();
                }
                catch (rawE) {
                    const e = (0, lib_1.coerceError)(rawE);
                    errors.push(e);
                    // Log but continue regardless
                    logger.error(`Releasing local queue failed: ${e}`, { error: rawE });
                }
                try {
                    // Note: this runs regardless of success of the above
                    await onDeactivate?.();
                }
                catch (rawE) {
                    const e = (0, lib_1.coerceError)(rawE);
                    errors.push(e);
                    // Log but continue regardless
                    logger.error(`onDeactivate raised an error: ${e}`, { error: rawE });
                }
                if (errors.length > 0) {
                    throw new AggregateError(errors, "Errors occurred whilst deactivating queue");
                }
            })();
        }
        return deactivatePromise;
    }
    let terminated = false;
    async function terminate() {
        if (!terminated) {
            terminated = true;
            /* Errors that should be raised from terminate() itself */
            const terminateErrors = [];
            const releaseCompleteJobPromise = releaseCompleteJob?.();
            const releaseFailJobPromise = releaseFailJob?.();
            const [releaseCompleteJobResult, releaseFailJobResult] = await Promise.allSettled([
                releaseCompleteJobPromise,
                releaseFailJobPromise,
            ]);
            if (releaseCompleteJobResult.status === "rejected") {
                const error = (0, lib_1.coerceError)(releaseCompleteJobResult.reason);
                _finErrors.push(error);
                terminateErrors.push(error);
                // Log but continue regardless
                logger.error(`Releasing complete job batcher failed: ${releaseCompleteJobResult.reason}`, { error: releaseCompleteJobResult.reason });
            }
            if (releaseFailJobResult.status === "rejected") {
                const error = (0, lib_1.coerceError)(releaseFailJobResult.reason);
                _finErrors.push(error);
                terminateErrors.push(error);
                // Log but continue regardless
                logger.error(`Releasing failed job batcher failed: ${releaseFailJobResult.reason}`, { error: releaseFailJobResult.reason });
            }
            const idx = allWorkerPools.indexOf(workerPool);
            allWorkerPools.splice(idx, 1);
            try {
                await onTerminate?.();
            }
            catch (e) {
                _finErrors.push((0, lib_1.coerceError)(e));
                terminateErrors.push((0, lib_1.coerceError)(e));
            }
            if (terminateErrors.length === 1) {
                throw terminateErrors[0];
            }
            else if (terminateErrors.length > 1) {
                throw new AggregateError(terminateErrors, "Errors occurred whilst terminating queue");
            }
        }
        else {
            try {
                throw new Error(`Graphile Worker internal error: terminate() was called twice for worker pool. Ignoring second call; but this indicates a bug - please file an issue.`);
            }
            catch (e) {
                logger.error(String(e.stack));
            }
        }
    }
    const abortController = new AbortController();
    const abortSignal = abortController.signal;
    const abortPromise = new Promise((_resolve, reject) => {
        abortSignal.addEventListener("abort", () => {
            reject((0, lib_1.coerceError)(abortSignal.reason));
        });
    });
    // Make sure Node doesn't get upset about unhandled rejection
    abortPromise.then(null, () => /* noop */ void 0);
    let gracefulShutdownPromise = null;
    let forcefulShutdownPromise = null;
    let finished = false;
    const finWithError = (e) => {
        if (finished) {
            return;
        }
        finished = true;
        if (e != null) {
            _finErrors.push((0, lib_1.coerceError)(e));
        }
        if (_finErrors.length === 1) {
            _finPromise.reject(_finErrors[0]);
        }
        else if (_finErrors.length > 1) {
            _finPromise.reject(new AggregateError(_finErrors, `Worker pool '${workerPool.id}' failed to shut down cleanly`));
        }
        else {
            _finPromise.resolve();
        }
        if (unregisterSignalHandlers) {
            unregisterSignalHandlers();
        }
    };
    const fin = () => finWithError(null);
    // This is a representation of us that can be interacted with externally
    const workerPool = {
        // "otpool" - "one time pool"
        id: `${continuous ? "pool" : "otpool"}-${(0, crypto_1.randomBytes)(9).toString("hex")}`,
        _active: true,
        _shuttingDown: false,
        _forcefulShuttingDown: false,
        _workers: [],
        _withPgClient: withPgClient,
        get worker() {
            return concurrency === 1 ? this._workers[0] ?? null : null;
        },
        nudge(count) {
            if (localQueue) {
                localQueue.pulse(count);
            }
            else {
                let n = count;
                // Nudge up to `n` workers
                this._workers.some((worker) => worker.nudge() && --n <= 0);
            }
        },
        abortSignal,
        abortPromise,
        release() {
            logger.error("DEPRECATED: You are calling `workerPool.release()`; please use `workerPool.gracefulShutdown()` instead.");
            return this.gracefulShutdown();
        },
        /**
         * Stop accepting jobs, and wait gracefully for the jobs that are in
         * progress to complete.
         */
        gracefulShutdown(message = "Worker pool is shutting down gracefully") {
            if (workerPool._shuttingDown) {
                logger.error(`gracefulShutdown called when gracefulShutdown is already in progress`);
                return gracefulShutdownPromise;
            }
            if (workerPool._forcefulShuttingDown) {
                logger.error(`gracefulShutdown called when forcefulShutdown is already in progress`);
                return Promise.resolve(forcefulShutdownPromise).then(() => {
                    throw new Error("Forceful shutdown already initiated");
                });
            }
            workerPool._shuttingDown = true;
            gracefulShutdownPromise = middleware.run("poolGracefulShutdown", { ctx, workerPool, message }, async ({ message }) => {
                (0, lib_1.safeEmit)(ctx, "pool:gracefulShutdown", {
                    ctx,
                    pool: workerPool,
                    workerPool,
                    message,
                });
                try {
                    logger.debug(`Attempting graceful shutdown`);
                    // Stop new jobs being added
                    const deactivatePromise = deactivate();
                    const gracefulShutdownErrors = [];
                    // Remove all the workers - we're shutting them down manually
                    const workers = [...workerPool._workers];
                    const workerPromises = workers.map((worker) => worker.release());
                    const [deactivateResult, ...workerReleaseResults] = await Promise.allSettled([deactivatePromise, ...workerPromises]);
                    if (deactivateResult.status === "rejected") {
                        const error = (0, lib_1.coerceError)(deactivateResult.reason);
                        _finErrors.push(error);
                        gracefulShutdownErrors.push(error);
                        // Log but continue regardless
                        logger.error(`Deactivation failed: ${deactivateResult.reason}`, {
                            error: deactivateResult.reason,
                        });
                    }
                    const jobsToRelease = [];
                    for (let i = 0; i < workerReleaseResults.length; i++) {
                        const workerReleaseResult = workerReleaseResults[i];
                        if (workerReleaseResult.status === "rejected") {
                            const worker = workers[i];
                            const job = worker.getActiveJob();
                            (0, lib_1.safeEmit)(ctx, "pool:gracefulShutdown:workerError", {
                                ctx,
                                pool: workerPool,
                                workerPool,
                                error: workerReleaseResult.reason,
                                job,
                            });
                            logger.debug(`Cancelling worker ${worker.workerId} (job: ${job?.id ?? "none"}) failed`, {
                                worker,
                                job,
                                reason: workerReleaseResult.reason,
                            });
                            if (job) {
                                jobsToRelease.push(job);
                            }
                        }
                    }
                    if (!this._forcefulShuttingDown && jobsToRelease.length > 0) {
                        try {
                            const workerIds = workers.map((worker) => worker.workerId);
                            logger.debug(`Releasing the jobs ${jobsToRelease
                                .map((j) => j.id)
                                .join()} (workers: ${workerIds.join(", ")})`, {
                                jobs: jobsToRelease,
                                workerIds,
                            });
                            const cancelledJobs = await (0, failJobs_1.failJobs)(compiledSharedOptions, withPgClient, workerPool.id, jobsToRelease, message);
                            logger.debug(`Cancelled ${cancelledJobs.length} jobs`, {
                                cancelledJobs,
                            });
                        }
                        catch (e) {
                            gracefulShutdownErrors.push((0, lib_1.coerceError)(e));
                        }
                    }
                    if (this._forcefulShuttingDown) {
                        // Do _not_ add to _finErrors
                        gracefulShutdownErrors.push(new Error("forcefulShutdown was initiated whilst gracefulShutdown was still executing."));
                    }
                    if (gracefulShutdownErrors.length === 1) {
                        throw gracefulShutdownErrors[0];
                    }
                    else if (gracefulShutdownErrors.length > 1) {
                        throw new AggregateError(gracefulShutdownErrors, "Errors occurred whilst shutting down worker");
                    }
                    (0, lib_1.safeEmit)(ctx, "pool:gracefulShutdown:complete", {
                        ctx,
                        pool: workerPool,
                        workerPool,
                    });
                    logger.debug("Graceful shutdown complete");
                }
                catch (e) {
                    (0, lib_1.safeEmit)(ctx, "pool:gracefulShutdown:error", {
                        ctx,
                        pool: workerPool,
                        workerPool,
                        error: e,
                    });
                    const message = (0, lib_1.coerceError)(e).message;
                    logger.error(`Error occurred during graceful shutdown: ${message}`, { error: e });
                    const forcefulPromise = 
                    // Skip the warning about double shutdown
                    this._forcefulShuttingDown
                        ? forcefulShutdownPromise
                        : this.forcefulShutdown(message);
                    // NOTE: we now rely on forcefulShutdown to handle terminate()
                    return Promise.resolve(forcefulPromise).then(() => {
                        throw e;
                    });
                }
                if (!terminated) {
                    await terminate();
                }
            });
            Promise.resolve(gracefulShutdownPromise).then(fin, finWithError);
            const abortTimer = setTimeout(() => {
                abortController.abort();
            }, gracefulShutdownAbortTimeout);
            abortTimer.unref();
            return gracefulShutdownPromise;
        },
        /**
         * Stop accepting jobs and "fail" all currently running jobs.
         */
        forcefulShutdown(message) {
            if (workerPool._forcefulShuttingDown) {
                logger.error(`forcefulShutdown called when forcefulShutdown is already in progress`);
                return forcefulShutdownPromise;
            }
            if (!workerPool._shuttingDown) {
                Promise.resolve(this.gracefulShutdown()).then(null, () => { });
            }
            workerPool._forcefulShuttingDown = true;
            forcefulShutdownPromise = middleware.run("poolForcefulShutdown", { ctx, workerPool, message }, async ({ message }) => {
                (0, lib_1.safeEmit)(ctx, "pool:forcefulShutdown", {
                    ctx,
                    pool: workerPool,
                    workerPool,
                    message,
                });
                try {
                    logger.debug(`Attempting forceful shutdown`);
                    const timeout = new Promise((_resolve, reject) => {
                        const t = setTimeout(() => reject(new Error("Timed out")), 5000 /* TODO: make configurable */);
                        t.unref();
                    });
                    const wasAlreadyDeactivating = deactivatePromise != null;
                    // Stop new jobs being added
                    // NOTE: deactivate() immediately stops getJob working, even if the
                    // promise takes a while to resolve.
                    const deactiveateOrTimeout = Promise.race([deactivate(), timeout]);
                    const forcefulShutdownErrors = [];
                    // Release all our workers' jobs
                    const workers = [...workerPool._workers];
                    // Remove all the workers - we're shutting them down manually
                    const workerReleasePromises = workers.map((worker) => {
                        // Note force=true means that this completes immediately _except_
                        // it still calls the `stopWorker` async hook, so we must still
                        // handle a timeout.
                        return Promise.race([worker.release(true), timeout]);
                    });
                    // Ignore the results, we're shutting down anyway
                    const [deactivateResult, ...workerReleaseResults] = await Promise.allSettled([
                        deactiveateOrTimeout,
                        ...workerReleasePromises,
                    ]);
                    if (deactivateResult.status === "rejected") {
                        // Log but continue regardless
                        logger.error(`Deactivation failed: ${deactivateResult.reason}`, {
                            error: deactivateResult.reason,
                        });
                        const error = (0, lib_1.coerceError)(deactivateResult.reason);
                        if (!wasAlreadyDeactivating) {
                            // Add this to _finErrors unless it's already there
                            _finErrors.push(error);
                        }
                        forcefulShutdownErrors.push(error);
                    }
                    const workerProblems = workers
                        .map((worker, i) => {
                        const result = workerReleaseResults[i];
                        const activeJob = worker.getActiveJob();
                        if (result.status === "rejected") {
                            return [
                                worker,
                                (0, lib_1.coerceError)(result.reason),
                                activeJob,
                            ];
                        }
                        else if (activeJob) {
                            return [worker, null, activeJob];
                        }
                        else {
                            return null;
                        }
                    })
                        .filter((t) => t != null);
                    const forceFailedJobs = workerProblems
                        .map(([, , job]) => job)
                        .filter((job) => !!job);
                    if (forceFailedJobs.length > 0) {
                        const workerIds = workers.map((worker) => worker.workerId);
                        logger.debug(`Releasing the jobs ${forceFailedJobs
                            .map((j) => j.id)
                            .join()} (workers: ${workerIds.join(", ")})`, {
                            jobs: forceFailedJobs,
                            workerIds,
                        });
                        try {
                            const cancelledJobs = await (0, failJobs_1.failJobs)(compiledSharedOptions, withPgClient, workerPool.id, forceFailedJobs, message);
                            logger.debug(`Cancelled ${cancelledJobs.length} jobs`, {
                                cancelledJobs,
                            });
                        }
                        catch (e) {
                            const error = (0, lib_1.coerceError)(e);
                            _finErrors.push(error);
                            forcefulShutdownErrors.push(error);
                        }
                    }
                    else {
                        logger.debug("No active jobs to release");
                    }
                    for (const [worker, error, job] of workerProblems) {
                        // These are not a failure of forcefulShutdown, so do not go into
                        // forcefulShutdownErrors.
                        _finErrors.push(new Error(`Worker ${worker.workerId} ${job ? `with active job ${job.id}` : ""} ${error
                            ? `failed to release, error: ${error})`
                            : `failed to stop working`}`, { cause: error }));
                    }
                    if (forcefulShutdownErrors.length === 1) {
                        throw forcefulShutdownErrors[0];
                    }
                    else if (forcefulShutdownErrors.length > 1) {
                        throw new AggregateError(forcefulShutdownErrors, "Errors occurred whilst forcefully shutting down worker");
                    }
                    (0, lib_1.safeEmit)(ctx, "pool:forcefulShutdown:complete", {
                        ctx,
                        pool: workerPool,
                        workerPool,
                    });
                    logger.debug("Forceful shutdown complete");
                    return { forceFailedJobs };
                }
                catch (e) {
                    (0, lib_1.safeEmit)(ctx, "pool:forcefulShutdown:error", {
                        ctx,
                        pool: workerPool,
                        workerPool,
                        error: e,
                    });
                    const error = (0, lib_1.coerceError)(e);
                    _finErrors.push(error);
                    logger.error(`Error occurred during forceful shutdown: ${error.message}`, { error: e });
                    throw error;
                }
                finally {
                    if (!terminated) {
                        await terminate();
                    }
                }
            });
            Promise.resolve(forcefulShutdownPromise).then(fin, finWithError);
            return forcefulShutdownPromise;
        },
        promise: _finPromise,
        then(onfulfilled, onrejected) {
            return _finPromise.then(onfulfilled, onrejected);
        },
        catch(onrejected) {
            return _finPromise.catch(onrejected);
        },
        finally(onfinally) {
            return _finPromise.finally(onfinally);
        },
        _start: autostart
            ? null
            : () => {
                autostart = true;
                workerPool._workers.forEach((worker) => worker._start());
                workerPool._start = null;
            },
    };
    _finPromise
        .finally(() => {
        (0, lib_1.safeEmit)(ctx, "pool:release", { ctx, pool: workerPool, workerPool });
    })
        .catch(noop);
    abortSignal.addEventListener("abort", () => {
        if (!workerPool._shuttingDown) {
            workerPool.gracefulShutdown();
        }
    });
    // Ensure that during a forced shutdown we get cleaned up too
    allWorkerPools.push(workerPool);
    (0, lib_1.safeEmit)(ctx, "pool:create", { ctx, workerPool });
    // Spawn our workers; they can share clients from the pool.
    const workerId = "workerId" in compiledSharedOptions._rawOptions
        ? compiledSharedOptions._rawOptions.workerId
        : undefined;
    if (workerId != null && concurrency > 1) {
        throw new Error(`You must not set workerId when concurrency > 1; each worker must have a unique identifier`);
    }
    const localQueue = localQueueSize >= 1
        ? new localQueue_1.LocalQueue(compiledSharedOptions, tasks, withPgClient, workerPool, localQueueSize, continuous, function onMajorError(e) {
            if (_shuttingDownForcefully) {
                // Already shutting down, ignore
            }
            else if (_shuttingDownGracefully) {
                // workerPool.forcefulShutdown(String(e));
                // Already shutting down, ignore
            }
            else {
                workerPool.gracefulShutdown(String(e));
            }
        })
        : null;
    const getJob = localQueue
        ? async (workerId, flagsToSkip) => {
            if (!workerPool._active) {
                return undefined;
            }
            return localQueue.getJob(workerId, flagsToSkip);
        }
        : async (_workerId, flagsToSkip) => {
            if (!workerPool._active) {
                return undefined;
            }
            const jobs = await (0, getJobs_1.batchGetJobs)(compiledSharedOptions, withPgClient, tasks, workerPool.id, flagsToSkip, 1);
            return jobs[0];
        };
    const { release: releaseCompleteJob, fn: completeJob } = (completeJobBatchDelay >= 0
        ? batch("completeJobs", completeJobBatchDelay, (jobs) => (0, completeJobs_1.batchCompleteJobs)(compiledSharedOptions, withPgClient, // batch handles retries and adds backpressure
        workerPool.id, jobs), (error, jobs) => {
            (0, lib_1.safeEmit)(ctx, "pool:fatalError", {
                ctx,
                error,
                workerPool,
                action: "completeJob",
            });
            logger.error(`Failed to complete jobs '${jobs
                .map((j) => j.id)
                .join("', '")}':\n${String(error)}`, { fatalError: error, jobs });
            if (!workerPool._shuttingDown) {
                // This is the reason for shutdown
                _finErrors.push((0, lib_1.coerceError)(error));
                workerPool.gracefulShutdown(`Could not completeJobs; queue is in an inconsistent state; aborting.`);
            }
        }, BATCH_RETRY_OPTIONS)
        : {
            release: null,
            fn: (job) => (0, completeJobs_1.batchCompleteJobs)(compiledSharedOptions, withPgClient.withRetries, workerPool.id, [job]),
        });
    const { release: releaseFailJob, fn: failJob } = (failJobBatchDelay >= 0
        ? batch("failJobs", failJobBatchDelay, (specs) => (0, failJobs_1.batchFailJobs)(compiledSharedOptions, withPgClient, // batch handles retries and adds backpressure
        workerPool.id, specs), (error, specs) => {
            (0, lib_1.safeEmit)(ctx, "pool:fatalError", {
                ctx,
                error,
                workerPool,
                action: "failJob",
            });
            logger.error(`Failed to fail jobs '${specs
                .map((spec) => spec.job.id)
                .join("', '")}':\n${String(error)}`, { fatalError: error, specs });
            if (!workerPool._shuttingDown) {
                // This is the reason for shutdown
                _finErrors.push((0, lib_1.coerceError)(error));
                workerPool.gracefulShutdown(`Could not failJobs; queue is in an inconsistent state; aborting.`);
            }
        }, BATCH_RETRY_OPTIONS)
        : {
            release: null,
            fn: (spec) => (0, failJobs_1.batchFailJobs)(compiledSharedOptions, withPgClient.withRetries, workerPool.id, [spec]),
        });
    const createNewWorkerInPool = () => {
        const worker = (0, worker_1.makeNewWorker)(compiledSharedOptions, {
            tasks,
            withPgClient,
            continuous,
            abortSignal,
            abortPromise,
            workerPool,
            autostart,
            workerId,
            getJob,
            completeJob,
            failJob,
        });
        workerPool._workers.push(worker);
        const remove = () => {
            // Remove worker from the pool
            workerPool._workers.splice(workerPool._workers.indexOf(worker), 1);
            if (continuous && workerPool._active && !workerPool._shuttingDown) {
                logger.error(`Worker exited, but pool is in continuous mode, is active, and is not shutting down... Did something go wrong?`);
                try {
                    let called = false;
                    const replaceWithNewWorker = () => {
                        if (called) {
                            // Ignore additional calls
                            return;
                        }
                        called = true;
                        createNewWorkerInPool();
                    };
                    // Allows user to choose how to handle this; for example:
                    // - graceful shutdown (default behavior)
                    // - forceful shutdown (probably best after a delay?)
                    // - boot up a replacement worker via `createNewWorker`
                    middleware.runSync("poolWorkerPrematureExit", { ctx, workerPool, worker, replaceWithNewWorker }, () => {
                        throw new Error(`Worker ${worker.workerId} exited unexpectedly`);
                    });
                }
                catch (e) {
                    if (!workerPool._shuttingDown) {
                        _finErrors.push((0, lib_1.coerceError)(e));
                        workerPool.gracefulShutdown("Something went wrong, one of the workers exited prematurely. Shutting down.");
                    }
                }
            }
            if (workerPool._workers.length === 0) {
                if (!workerPool._shuttingDown) {
                    workerPool.gracefulShutdown(continuous
                        ? "There are no remaining workers; exiting"
                        : "'Run once' mode processed all available jobs and is now exiting");
                }
            }
        };
        worker.promise.then(() => {
            remove();
        }, (error) => {
            remove();
            console.trace(error);
            logger.error(`Worker exited with error: ${error}`, { error });
        });
        return worker;
    };
    for (let i = 0; i < concurrency; i++) {
        createNewWorkerInPool();
    }
    return workerPool;
}
exports._runTaskList = _runTaskList;
const runTaskListOnce = (options, tasks, client) => {
    const withPgClient = (0, lib_1.makeEnhancedWithPgClient)((0, helpers_1.makeWithPgClientFromClient)(client));
    const compiledSharedOptions = (0, lib_1.processSharedOptions)(options);
    const pool = _runTaskList(compiledSharedOptions, tasks, withPgClient, {
        concurrency: 1,
        autostart: false,
        noHandleSignals: options.noHandleSignals,
        continuous: false,
    });
    const resetPromise = (0, resetLockedAt_1.resetLockedAt)(compiledSharedOptions, withPgClient);
    resetPromise.then(() => {
        pool._start();
    }, (error) => {
        compiledSharedOptions.logger.error(`Error occurred resetting locked at; continuing regardless: ${error}`, { error });
        pool._start();
    });
    return pool;
};
exports.runTaskListOnce = runTaskListOnce;
/**
 * On error we'll retry according to retryOptions.
 */
function batch(opName, delay, rawCallback, errorHandler, retryOptions) {
    let pending = 0;
    let releasing = false;
    let released = false;
    const incrementPending = () => {
        pending++;
    };
    const decrementPending = () => {
        pending--;
        if (releasing === true && pending === 0) {
            released = true;
            promise.resolve();
        }
    };
    const promise = (0, deferred_1.default)();
    let backpressure = null;
    function holdup() {
        if (!backpressure) {
            incrementPending();
            backpressure = (0, deferred_1.default)();
        }
    }
    function allgood() {
        if (backpressure) {
            backpressure.resolve();
            // Bump a tick to give the things held up by backpressure a chance to register.
            process.nextTick(decrementPending);
        }
    }
    const callback = retryOptions
        ? async (specs) => {
            let lastError;
            for (let previousAttempts = 0; previousAttempts < retryOptions.maxAttempts; previousAttempts++) {
                if (previousAttempts > 0) {
                    const code = lastError?.code;
                    const retryable = lib_1.RETRYABLE_ERROR_CODES[code];
                    const delay = (0, lib_1.calculateDelay)(previousAttempts - 1, {
                        ...retryOptions,
                        // NOTE: `retryable` might be undefined, in which case `retryOptions` wins
                        ...retryable,
                    });
                    console.error(`${opName}: attempt ${previousAttempts}/${retryOptions.maxAttempts} failed${code ? ` with code ${JSON.stringify(code)}` : ``}; retrying after ${delay.toFixed(0)}ms. Error: ${lastError}`);
                    await (0, lib_1.sleep)(delay);
                }
                try {
                    const result = await rawCallback(specs);
                    // We succeeded - remove backpressure.
                    allgood();
                    return result;
                }
                catch (e) {
                    // Tell other callers to wait until we're successful again (i.e. apply backpressure)
                    holdup();
                    lastError = (0, lib_1.coerceError)(e);
                    throw e;
                }
            }
            throw (lastError ??
                new Error(`Failed after ${retryOptions.maxAttempts} attempts`));
        }
        : rawCallback;
    let currentBatch = null;
    function handleSpec(spec) {
        if (released) {
            throw new Error("This batcher has been released, and so no more calls can be made.");
        }
        if (currentBatch !== null) {
            currentBatch.push(spec);
        }
        else {
            const specs = [spec];
            currentBatch = specs;
            incrementPending();
            setTimeout(() => {
                currentBatch = null;
                callback(specs).then(decrementPending, (error) => {
                    decrementPending();
                    errorHandler(error, specs);
                    allgood();
                });
            }, delay);
        }
        return;
    }
    return {
        async release() {
            if (releasing) {
                return;
            }
            releasing = true;
            if (pending === 0) {
                released = true;
                promise.resolve();
            }
            await promise;
        },
        fn(spec) {
            if (backpressure) {
                return backpressure.then(() => handleSpec(spec));
            }
            else {
                return handleSpec(spec);
            }
        },
    };
}
function noop() { }
//# sourceMappingURL=main.js.map

/***/ }),

/***/ 6098:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.migrate = exports.runMigration = exports.installSchema = void 0;
const sql_1 = __webpack_require__(4469);
const lib_1 = __webpack_require__(8224);
function checkPostgresVersion(versionString) {
    const postgresVersion = parseInt(versionString, 10);
    if (postgresVersion < 120000) {
        throw new Error(`This version of Graphile Worker requires PostgreSQL v12.0 or greater (detected \`server_version_num\` = ${versionString})`);
    }
    return postgresVersion;
}
async function fetchAndCheckPostgresVersion(client) {
    const { rows: [row], } = await client.query("select current_setting('server_version_num') as server_version_num");
    return checkPostgresVersion(row.server_version_num);
}
/** @internal */
async function installSchema(compiledSharedOptions, event) {
    const { hooks, escapedWorkerSchema, middleware } = compiledSharedOptions;
    event.postgresVersion =
        await fetchAndCheckPostgresVersion(event.client);
    await middleware.run("bootstrap", event, async (event) => {
        await hooks.process("prebootstrap", event);
        // Change to this query should be reflected in website/docs/schema.md
        await event.client.query(`\
create schema if not exists ${escapedWorkerSchema};
create table if not exists ${escapedWorkerSchema}.migrations(
  id int primary key,
  ts timestamptz default now() not null
);
alter table ${escapedWorkerSchema}.migrations add column if not exists breaking boolean not null default false;
`);
        await event.client.query(`update ${escapedWorkerSchema}.migrations set breaking = true where id = any($1::int[])`, [lib_1.BREAKING_MIGRATIONS]);
        await hooks.process("postbootstrap", event);
    });
}
exports.installSchema = installSchema;
/** @internal */
async function runMigration(compiledSharedOptions, event, migrationFile, migrationNumber) {
    const { escapedWorkerSchema, logger, hooks } = compiledSharedOptions;
    const rawText = sql_1.migrations[migrationFile];
    const text = rawText.replace(/:GRAPHILE_WORKER_SCHEMA\b/g, escapedWorkerSchema);
    const breaking = lib_1.BREAKING_MIGRATIONS.includes(migrationNumber);
    logger.debug(`Running ${breaking ? "breaking" : "backwards-compatible"} migration ${migrationFile}`);
    let migrationInsertComplete = false;
    await event.client.query("begin");
    try {
        // Must come first so we can detect concurrent migration
        await event.client.query({
            text: `insert into ${escapedWorkerSchema}.migrations (id, breaking) values ($1, $2)`,
            values: [migrationNumber, breaking],
        });
        migrationInsertComplete = true;
        await event.client.query({
            text,
        });
        await event.client.query("select pg_notify($1, $2)", [
            "worker:migrate",
            JSON.stringify({ migrationNumber, breaking }),
        ]);
        await event.client.query("commit");
    }
    catch (rawError) {
        const error = (0, lib_1.coerceError)(rawError);
        await event.client.query("rollback");
        await hooks.process("migrationError", { ...event, error });
        if (!migrationInsertComplete &&
            CLASH_CODES.includes(error.code)) {
            // Someone else did this migration! Success!
            logger.debug(`Some other worker has performed migration ${migrationFile}; continuing.`);
            return;
        }
        if (error.code === "22012" && migrationNumber === 11) {
            throw new Error(`There are locked jobs present; migration 11 cannot complete. Please ensure all workers are shut down cleanly and all locked jobs and queues are unlocked before attempting this migration. To achieve this with minimal downtime, please consider using Worker Pro: https://worker.graphile.org/docs/pro/migration`);
        }
        throw error;
    }
}
exports.runMigration = runMigration;
/** @internal */
async function migrate(compiledSharedOptions, client) {
    const { escapedWorkerSchema, hooks, logger, middleware } = compiledSharedOptions;
    let latestMigration = null;
    let latestBreakingMigration = null;
    const event = {
        ctx: compiledSharedOptions,
        client,
        postgresVersion: 0,
        scratchpad: Object.create(null),
    };
    for (let attempts = 0; attempts < 2; attempts++) {
        try {
            const { rows: [row], } = await event.client.query(`\
select current_setting('server_version_num') as server_version_num,
(select id from ${escapedWorkerSchema}.migrations order by id desc limit 1) as id,
(select id from ${escapedWorkerSchema}.migrations where breaking is true order by id desc limit 1) as biggest_breaking_id;
`);
            latestMigration = row.id;
            latestBreakingMigration = row.biggest_breaking_id;
            event.postgresVersion = checkPostgresVersion(row.server_version_num);
            break;
        }
        catch (rawE) {
            const e = (0, lib_1.coerceError)(rawE);
            if (attempts === 0 && NX_CODES.includes(e.code)) {
                try {
                    await installSchema(compiledSharedOptions, event);
                    break;
                }
                catch (rawE2) {
                    const e2 = (0, lib_1.coerceError)(rawE2);
                    if (CLASH_CODES.includes(e2.code)) {
                        // Another instance installed this concurrently? Go around again.
                    }
                    else {
                        throw e2;
                    }
                }
            }
            else {
                throw e;
            }
        }
        // Need to wait at least a couple hundred ms for the connection to catch
        // up, then a random extra amount to avoid more conflicts
        await (0, lib_1.sleep)(400 + Math.random() * 200);
    }
    await middleware.run("migrate", event, async (event) => {
        await hooks.process("premigrate", event);
        const migrationFiles = Object.keys(sql_1.migrations);
        let highestMigration = 0;
        let migrated = false;
        for (const migrationFile of migrationFiles) {
            const migrationNumber = parseInt(migrationFile.slice(0, 6), 10);
            if (migrationNumber > highestMigration) {
                highestMigration = migrationNumber;
            }
            if (latestMigration == null || migrationNumber > latestMigration) {
                migrated = true;
                await runMigration(compiledSharedOptions, event, migrationFile, migrationNumber);
            }
        }
        if (migrated) {
            logger.debug(`Migrations complete`);
        }
        if (latestBreakingMigration && highestMigration < latestBreakingMigration) {
            process.exitCode = 57;
            throw new Error(`Database is using Graphile Worker schema revision ${latestMigration} which includes breaking migration ${latestBreakingMigration}, but the currently running worker only supports up to revision ${highestMigration}. It would be unsafe to continue; please ensure all versions of Graphile Worker are compatible.`);
        }
        else if (latestMigration && highestMigration < latestMigration) {
            logger.warn(`Database is using Graphile Worker schema revision ${latestMigration}, but the currently running worker only supports up to revision ${highestMigration} which may or may not be compatible. Please ensure all versions of Graphile Worker you're running are compatible, or use Worker Pro which will perform this check for you. Attempting to continue regardless.`);
        }
        await hooks.process("postmigrate", event);
    });
}
exports.migrate = migrate;
/** Doesn't exist */
const NX_CODES = ["42P01", "42703"];
/** Someone else created */
const CLASH_CODES = ["23505", "42P06", "42P07", "42710"];
//# sourceMappingURL=migrate.js.map

/***/ }),

/***/ 150:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.LoadTaskFromExecutableFilePlugin = void 0;
const child_process_1 = __webpack_require__(5317);
const fs_1 = __webpack_require__(9896);
const version_js_1 = __webpack_require__(7447);
const supportsExecutableBit = [
    "darwin",
    "freebsd",
    "linux",
    "openbsd",
    "sunos",
].includes(process.platform);
exports.LoadTaskFromExecutableFilePlugin = {
    name: "LoadTaskFromExecutableFilePlugin",
    version: version_js_1.version,
    worker: {
        hooks: {
            init(ctx) {
                if (!supportsExecutableBit) {
                    ctx.logger.warn(`Executable file detection not yet supported on '${process.platform}'.`);
                }
            },
            async loadTaskFromFiles(ctx, details) {
                // Check it hasn't already been handled
                if (details.handler) {
                    return;
                }
                // Return if OS is unsupported
                if (!supportsExecutableBit) {
                    return;
                }
                const { fileDetailsList, taskIdentifier } = details;
                // We ought to do 'fs.accessSync(p, fs.constants.X_OK)', but this seems
                // excessive. Let's just look at the owner mode.
                const executableFile = fileDetailsList.find((f) => f.stats.mode & fs_1.constants.S_IXUSR);
                if (!executableFile) {
                    // Don't know how to handle; skip
                    return;
                }
                ctx.logger.debug(`Making executable file task '${taskIdentifier}' for '${executableFile.fullPath}'`, { executableFile });
                details.handler = makeTaskForExecutable(taskIdentifier, executableFile.fullPath);
            },
        },
    },
};
function makeTaskForExecutable(taskIdentifier, fullPath) {
    return (payload, helpers) => {
        return new Promise((resolve, reject) => {
            const child = (0, child_process_1.spawn)(fullPath, [], {
                cwd: process.cwd(),
                env: {
                    ...process.env,
                    // This allows us to add more formats in future
                    GRAPHILE_WORKER_PAYLOAD_FORMAT: "json",
                    GRAPHILE_WORKER_TASK_IDENTIFIER: taskIdentifier,
                    GRAPHILE_WORKER_JOB_ID: helpers.job.id,
                    GRAPHILE_WORKER_JOB_KEY: helpers.job.key ?? undefined,
                    GRAPHILE_WORKER_JOB_ATTEMPTS: String(helpers.job.attempts),
                    GRAPHILE_WORKER_JOB_MAX_ATTEMPTS: String(helpers.job.max_attempts),
                    GRAPHILE_WORKER_JOB_PRIORITY: String(helpers.job.priority),
                    GRAPHILE_WORKER_JOB_RUN_AT: helpers.job.run_at.toISOString(),
                },
                stdio: "pipe",
                shell: false,
                signal: helpers.abortSignal,
                timeout: 4 * 60 * 60 * 1000, // 4 hours
            });
            child.once("error", (error) => {
                reject(error);
            });
            child.stdout.on("data", (data) => {
                helpers.logger.info(data.toString("utf8"));
            });
            child.stderr.on("data", (data) => {
                helpers.logger.error(data.toString("utf8"));
            });
            child.once("close", (code) => {
                if (code === 0) {
                    resolve();
                }
                else {
                    reject(`Process exited with code ${code}`);
                }
            });
            child.stdin.end(JSON.stringify({ payload }));
        });
    };
}
//# sourceMappingURL=LoadTaskFromExecutableFilePlugin.js.map

/***/ }),

/***/ 2551:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.LoadTaskFromJsPlugin = void 0;
const url_1 = __webpack_require__(7016);
const index_js_1 = __webpack_require__(1399);
const lib_js_1 = __webpack_require__(8224);
const version_js_1 = __webpack_require__(7447);
const DEFAULT_EXTENSIONS = [".js", ".mjs", ".cjs"];
exports.LoadTaskFromJsPlugin = {
    name: "LoadTaskFromJsPlugin",
    version: version_js_1.version,
    worker: {
        hooks: {
            async loadTaskFromFiles(ctx, details) {
                // Check it hasn't already been handled
                if (details.handler) {
                    return;
                }
                const { resolvedPreset } = ctx;
                const { fileDetailsList } = details;
                let jsFile = undefined;
                const extensions = resolvedPreset?.worker?.fileExtensions ?? DEFAULT_EXTENSIONS;
                // Find a matching file in extension priority order
                outerloop: for (const extension of extensions) {
                    for (const fileDetails of fileDetailsList) {
                        if (fileDetails.extension === extension) {
                            jsFile = fileDetails;
                            break outerloop;
                        }
                    }
                }
                if (!jsFile) {
                    // Don't know how to handle; skip
                    return;
                }
                try {
                    const rawMod = await __webpack_require__(1593)((0, url_1.pathToFileURL)(jsFile.fullPath).href);
                    // Normally, import() of a commonJS module with `module.exports` write
                    // would result in `{ default: module.exports }`.
                    // TypeScript in CommonJS mode when imported with Node ESM can lead to
                    // two levels of `__esModule: true`; so we try and grab the inner one
                    // if we can.
                    const mod = rawMod.default?.default?.__esModule === true
                        ? rawMod.default.default
                        : rawMod.default?.__esModule === true
                            ? rawMod.default
                            : Object.keys(rawMod).length === 1 &&
                                typeof rawMod.default === "object" &&
                                rawMod.default !== null
                                ? rawMod.default
                                : rawMod;
                    // Always take the default export if there is one
                    const task = mod.default || mod;
                    if ((0, index_js_1.isValidTask)(task)) {
                        details.handler = task;
                    }
                    else {
                        throw new Error(`Invalid task '${jsFile.fullPath}' - expected function, received ${task ? typeof task : String(task)}.`);
                    }
                }
                catch (error) {
                    const message = `Error processing '${jsFile.fullPath}': ${(0, lib_js_1.coerceError)(error).message}`;
                    throw new Error(message);
                }
            },
        },
    },
};
//# sourceMappingURL=LoadTaskFromJsPlugin.js.map

/***/ }),

/***/ 9088:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.EMPTY_PRESET = exports.WorkerPreset = void 0;
const config_1 = __webpack_require__(2845);
const LoadTaskFromExecutableFilePlugin_1 = __webpack_require__(150);
const LoadTaskFromJsPlugin_1 = __webpack_require__(2551);
exports.WorkerPreset = {
    plugins: [LoadTaskFromJsPlugin_1.LoadTaskFromJsPlugin, LoadTaskFromExecutableFilePlugin_1.LoadTaskFromExecutableFilePlugin],
    worker: (0, config_1.makeWorkerPresetWorkerOptions)(),
};
exports.EMPTY_PRESET = Object.freeze({});
//# sourceMappingURL=preset.js.map

/***/ }),

/***/ 6385:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.runInternal = exports.run = exports.runOnceInternal = exports.runOnce = exports.runMigrations = void 0;
const cron_1 = __webpack_require__(7623);
const getTasks_1 = __webpack_require__(2061);
const lib_1 = __webpack_require__(8224);
const main_1 = __webpack_require__(4338);
const runMigrations = async (options) => {
    const [, release] = await (0, lib_1.getUtilsAndReleasersFromOptions)(options);
    await release();
};
exports.runMigrations = runMigrations;
/** @internal */
async function assertTaskList(compiledOptions, releasers) {
    const { resolvedPreset: { worker: { taskDirectory }, }, _rawOptions: { taskList }, } = compiledOptions;
    if (taskList) {
        return taskList;
    }
    else if (taskDirectory) {
        const watchedTasks = await (0, getTasks_1.getTasksInternal)(compiledOptions, taskDirectory);
        releasers.push(() => watchedTasks.release());
        return watchedTasks.tasks;
    }
    else {
        throw new Error("You must specify either `taskList` or `taskDirectory`");
    }
}
const runOnce = async (options, overrideTaskList) => {
    const [compiledOptions, release] = await (0, lib_1.getUtilsAndReleasersFromOptions)(options);
    return (0, exports.runOnceInternal)(compiledOptions, overrideTaskList, release);
};
exports.runOnce = runOnce;
const runOnceInternal = async (compiledOptions, overrideTaskList, release) => {
    const { withPgClient, releasers, resolvedPreset: { worker: { concurrentJobs: concurrency }, }, _rawOptions: { noHandleSignals }, } = compiledOptions;
    try {
        const taskList = overrideTaskList || (await assertTaskList(compiledOptions, releasers));
        const workerPool = (0, main_1._runTaskList)(compiledOptions, taskList, withPgClient, {
            concurrency,
            noHandleSignals,
            continuous: false,
        });
        return await workerPool.promise;
    }
    finally {
        await release();
    }
};
exports.runOnceInternal = runOnceInternal;
const run = async (rawOptions, overrideTaskList, overrideParsedCronItems) => {
    const [compiledOptions, release] = await (0, lib_1.getUtilsAndReleasersFromOptions)(rawOptions);
    return (0, exports.runInternal)(compiledOptions, overrideTaskList, overrideParsedCronItems, release);
};
exports.run = run;
const runInternal = async (compiledOptions, overrideTaskList, overrideParsedCronItems, release) => {
    const { releasers } = compiledOptions;
    try {
        const taskList = overrideTaskList || (await assertTaskList(compiledOptions, releasers));
        const parsedCronItems = overrideParsedCronItems ||
            (await (0, cron_1.getParsedCronItemsFromOptions)(compiledOptions, releasers));
        // The result of 'buildRunner' must be returned immediately, so that the
        // user can await its promise property immediately. If this is broken then
        // unhandled promise rejections could occur in some circumstances, causing
        // a process crash in Node v16+.
        return buildRunner({
            compiledOptions,
            taskList,
            parsedCronItems,
            release,
        });
    }
    catch (e) {
        try {
            await release();
        }
        catch (e2) {
            compiledOptions.logger.error(`Error occurred whilst attempting to release options after error occurred`, { error: e, secondError: e2 });
        }
        throw e;
    }
};
exports.runInternal = runInternal;
/**
 * This _synchronous_ function exists to ensure that the promises are built and
 * returned synchronously, such that an unhandled promise rejection error does
 * not have time to occur.
 *
 * @internal
 */
function buildRunner(input) {
    const { compiledOptions, taskList, parsedCronItems, release } = input;
    const ctx = compiledOptions;
    const { events, pgPool, releasers, addJob, logger } = compiledOptions;
    const cron = (0, cron_1.runCron)(compiledOptions, parsedCronItems, { pgPool, events });
    releasers.push(() => cron.release());
    const workerPool = (0, main_1.runTaskListInternal)(compiledOptions, taskList, pgPool);
    releasers.push(() => {
        if (!workerPool._shuttingDown) {
            return workerPool.gracefulShutdown("Runner is shutting down");
        }
    });
    let running = true;
    const stop = (reason, itsFine = reason === null) => {
        compiledOptions.logger[itsFine ? "debug" : "warn"](`Runner stopping${reason ? ` (reason: ${reason})` : ""}`);
        if (running) {
            running = false;
            const promises = [];
            // Wrap in async IIFE to capture synchronous errors
            promises.push((async () => void (0, lib_1.safeEmit)(ctx, "stop", { ctx }))());
            if (cron._active) {
                promises.push((async () => cron.release())());
            }
            if (workerPool._active) {
                promises.push((async () => workerPool.gracefulShutdown())());
            }
            return Promise.all(promises).then(() => release(), (error) => {
                logger.error(`Error occurred whilst attempting to release runner options: ${(0, lib_1.coerceError)(error).message}`, { error });
            });
        }
        else {
            return Promise.reject(new Error("Runner is already stopped"));
        }
    };
    const wp = workerPool.promise
        .then(() => (running ? stop("worker pool exited cleanly", true) : void 0), (e) => (running ? stop(`worker pool exited with error: ${e}`) : void 0))
        .catch(noop);
    const cp = cron.promise
        .then(() => (running ? stop("cron exited cleanly", true) : void 0), (e) => (running ? stop(`cron exited with error: ${e}`) : void 0))
        .catch(noop);
    const promise = Promise.all([cp, wp]).then(() => {
        /* noop */
    }, async (error) => {
        if (running) {
            logger.error(`Stopping worker due to an error: ${error}`, { error });
            await stop(String(error));
        }
        else {
            logger.error(`Error occurred, but worker is already stopping: ${error}`, { error });
        }
        return Promise.reject(error);
    });
    return {
        // It's fine - the user told us to exit
        stop: (reason) => stop(reason ?? null, true),
        async kill(reason) {
            if (running) {
                stop(`runner.kill() called${reason ? `: ${reason}` : ""}`).catch(noop);
            }
            if (workerPool._active) {
                // `stop()` will already have triggered gracefulShutdown, we'll
                // go forceful after a short delay
                await (0, lib_1.sleep)(500);
                if (workerPool._active) {
                    await workerPool.forcefulShutdown(`Terminated through .kill() command`);
                }
            }
        },
        addJob,
        promise,
        events,
    };
}
function noop() {
    /* NOOP */
}
//# sourceMappingURL=runner.js.map

/***/ }),

/***/ 5082:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports["default"] = [
    "SIGUSR2",
    "SIGINT",
    "SIGTERM",
    /*
     * Though SIGPIPE is a terminal signal _normally_, this isn't the case for
     * Node.js since libuv handles it. From the Node docs:
     *
     * > 'SIGPIPE' is ignored by default. It can have a listener installed.
     * > -- https://nodejs.org/api/process.html
     *
     * We don't want the process to exit on SIGPIPE, so we ignore it (and rely on
     * Node.js to handle it through the normal error channels).
     */
    // "SIGPIPE",
    "SIGHUP",
    "SIGABRT",
];
//# sourceMappingURL=signals.js.map

/***/ }),

/***/ 397:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.batchCompleteJobs = void 0;
const manualPrepare = false;
async function batchCompleteJobs(compiledSharedOptions, withPgClient, poolId, jobs) {
    const { escapedWorkerSchema, workerSchema, resolvedPreset: { worker: { preparedStatements }, }, } = compiledSharedOptions;
    const jobIdsWithoutQueue = [];
    const jobIdsWithQueue = [];
    for (const job of jobs) {
        if (job.job_queue_id != null) {
            jobIdsWithQueue.push(job.id);
        }
        else {
            jobIdsWithoutQueue.push(job.id);
        }
    }
    if (jobIdsWithQueue.length > 0) {
        await withPgClient((client) => client.query({
            text: `\
with j as (
delete from ${escapedWorkerSchema}._private_jobs as jobs
using unnest($1::bigint[]) n(n)
where id = n
returning *
)
update ${escapedWorkerSchema}._private_job_queues as job_queues
set locked_by = null, locked_at = null
from j
where job_queues.id = j.job_queue_id and job_queues.locked_by = $2::text;`,
            values: [jobIdsWithQueue, poolId],
            name: !preparedStatements
                ? undefined
                : `complete_job_q/${workerSchema}`,
        }));
    }
    if (jobIdsWithoutQueue.length === 1) {
        await withPgClient((client) => client.query({
            text: `\
delete from ${escapedWorkerSchema}._private_jobs as jobs
where id = $1::bigint`,
            values: [jobIdsWithoutQueue[0]],
            name: !preparedStatements ? undefined : `complete_job/${workerSchema}`,
        }));
    }
    else if (jobIdsWithoutQueue.length > 1) {
        if (manualPrepare) {
            await withPgClient((client) => client.query({
                text: `\
prepare gwcj (bigint) as delete from ${escapedWorkerSchema}._private_jobs where id = $1;
${jobIdsWithoutQueue.map((id) => `execute gwcj(${id});`).join("\n")}
deallocate gwcj;`,
            }));
        }
        else {
            await withPgClient((client) => client.query({
                text: `\
delete from ${escapedWorkerSchema}._private_jobs as jobs
using unnest($1::bigint[]) n(n)
where id = n`,
                values: [jobIdsWithoutQueue],
                name: !preparedStatements
                    ? undefined
                    : `complete_jobs/${workerSchema}`,
            }));
        }
    }
}
exports.batchCompleteJobs = batchCompleteJobs;
//# sourceMappingURL=completeJobs.js.map

/***/ }),

/***/ 622:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.failJobs = exports.batchFailJobs = void 0;
async function batchFailJobs(compiledSharedOptions, withPgClient, poolId, specs) {
    const { escapedWorkerSchema, workerSchema, resolvedPreset: { worker: { preparedStatements }, }, } = compiledSharedOptions;
    const specsWithQueues = [];
    const specsWithoutQueues = [];
    for (const spec of specs) {
        if (spec.job.job_queue_id != null) {
            specsWithQueues.push(spec);
        }
        else {
            specsWithoutQueues.push(spec);
        }
    }
    if (specsWithQueues.length > 0) {
        await withPgClient((client) => client.query({
            text: `\
with j as (
update ${escapedWorkerSchema}._private_jobs as jobs
set
last_error = (el->>'message'),
run_at = greatest(now(), run_at) + (exp(least(attempts, 10)) * interval '1 second'),
locked_by = null,
locked_at = null,
payload = coalesce(el->'payload', jobs.payload)
from json_array_elements($2::json) as els(el)
where id = (el->>'jobId')::bigint and locked_by = $1::text
returning *
)
update ${escapedWorkerSchema}._private_job_queues as job_queues
set locked_by = null, locked_at = null
from j
where job_queues.id = j.job_queue_id and job_queues.locked_by = $1::text;`,
            values: [
                poolId,
                JSON.stringify(specsWithQueues.map(({ job, message, replacementPayload }) => ({
                    jobId: job.id,
                    message,
                    payload: replacementPayload,
                }))),
            ],
            name: !preparedStatements ? undefined : `fail_job_q/${workerSchema}`,
        }));
    }
    if (specsWithoutQueues.length > 0) {
        await withPgClient((client) => client.query({
            text: `\
update ${escapedWorkerSchema}._private_jobs as jobs
set
last_error = (el->>'message'),
run_at = greatest(now(), run_at) + (exp(least(attempts, 10)) * interval '1 second'),
locked_by = null,
locked_at = null,
payload = coalesce(el->'payload', jobs.payload)
from json_array_elements($2::json) as els(el)
where id = (el->>'jobId')::bigint and locked_by = $1::text;`,
            values: [
                poolId,
                JSON.stringify(specsWithoutQueues.map(({ job, message, replacementPayload }) => ({
                    jobId: job.id,
                    message,
                    payload: replacementPayload,
                }))),
            ],
            name: !preparedStatements ? undefined : `fail_job/${workerSchema}`,
        }));
    }
}
exports.batchFailJobs = batchFailJobs;
async function failJobs(compiledSharedOptions, withPgClient, poolId, jobs, message) {
    const { escapedWorkerSchema, workerSchema, resolvedPreset: { worker: { preparedStatements }, }, } = compiledSharedOptions;
    const { rows: failedJobs } = await withPgClient.withRetries((client) => client.query({
        text: `\
with j as (
update ${escapedWorkerSchema}._private_jobs as jobs
set
last_error = $2::text,
run_at = greatest(now(), run_at) + (exp(least(attempts, 10)) * interval '1 second'),
locked_by = null,
locked_at = null
where id = any($1::bigint[]) and locked_by = $3::text
returning *
), queues as (
update ${escapedWorkerSchema}._private_job_queues as job_queues
set locked_by = null, locked_at = null
from j
where job_queues.id = j.job_queue_id and job_queues.locked_by = $3::text
)
select * from j;`,
        values: [jobs.map((job) => job.id), message, poolId],
        name: !preparedStatements ? undefined : `fail_jobs/${workerSchema}`,
    }));
    return failedJobs;
}
exports.failJobs = failJobs;
//# sourceMappingURL=failJobs.js.map

/***/ }),

/***/ 2220:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.batchGetJobs = exports.isPromise = void 0;
const taskIdentifiers_1 = __webpack_require__(5912);
function isPromise(t) {
    return (typeof t === "object" &&
        t !== null &&
        typeof t.then === "function" &&
        typeof t.catch === "function");
}
exports.isPromise = isPromise;
async function batchGetJobs(compiledSharedOptions, withPgClient, tasks, poolId, flagsToSkip, rawBatchSize) {
    const batchSize = parseInt(String(rawBatchSize), 10) || 1;
    const { escapedWorkerSchema, workerSchema, resolvedPreset: { worker: { preparedStatements, useNodeTime }, }, logger, } = compiledSharedOptions;
    const taskDetailsPromise = (0, taskIdentifiers_1.getTaskDetails)(compiledSharedOptions, withPgClient, tasks);
    const taskDetails = isPromise(taskDetailsPromise)
        ? await taskDetailsPromise
        : taskDetailsPromise;
    if (taskDetails.taskIds.length === 0) {
        logger.error("No tasks found; nothing to do!");
        return [];
    }
    let i = 2;
    const hasFlags = flagsToSkip && flagsToSkip.length > 0;
    const flagsClause = hasFlags
        ? `and ((flags ?| $${++i}::text[]) is not true)`
        : "";
    const now = useNodeTime ? `$${++i}::timestamptz` : "now()";
    /**
     * The 'named queue' strategy to use.
     *
     * 0 - we're not using named queues; skip them!
     * 1 - for each matched job, go lock its job queue if you can
     * 2 - lock the job queues up front, then find a job to do
     * 3 - explicitly avoid locked job queues, but risk multiple jobs in same queue running at same time
     *
     * Strategy 0 is what you should use if you never use named queues; it's the
     * absolute fastest strategy. But if you use named queues, you must have at
     * least one worker using a non-zero strategy.
     *
     * Strategy 1 is what Worker traditionally used; it's the best strategy if
     * you have a different queue name for every job (as worker did before we
     * made queue_name nullable), but these days its a terrible strategy unless
     * you're still randomly generating queue names (don't do that!). Performance
     * is abysmal if you have a large jobs table with many higher priority but stuck
     * jobs.
     *
     * Strategy 2 seems to be the fastest strategy for jobs that aren't in a
     * queue when you have a small number of named queues that can be locked from
     * time to time.
     *
     * Strategy 3 is probably unsafe. Don't use it.
     *
     * With 100,000 stuck jobs across two named queues and 50,000 lower
     * precedence jobs that are not in named queues and are ready to go, I got
     * the following results from the benchmark:
     *
     * Strat 0 (cheating) - 11.8kjps - actually better than the perf if there were no stuck jobs
     * Strat 1 - roughly 40jps (I got bored waiting for the test to finish)
     * Strat 2 - 843jps
     * Strat 3 (unsafe) - 600jps
     *
     * I recommend you either use strat 0 if you can, or strat 2 otherwise.
     */
    const strategy = 2;
    const queueClause = strategy === 0
        ? `and jobs.job_queue_id is null`
        : strategy === 1
            ? `and (
      jobs.job_queue_id is null
      or exists (
        select 1
        from ${escapedWorkerSchema}._private_job_queues as job_queues
        where job_queues.id = jobs.job_queue_id
        and job_queues.is_available = true
        for update
        skip locked
      )
    )`
            : strategy === 2
                ? `and (
      jobs.job_queue_id is null
      or
      jobs.job_queue_id in (
        select id
        from ${escapedWorkerSchema}._private_job_queues as job_queues
        where job_queues.is_available = true
        for update
        skip locked
      )
    )`
                : `and (
      jobs.job_queue_id is null
      or
      jobs.job_queue_id not in (
        select id
        from ${escapedWorkerSchema}._private_job_queues as job_queues
        where job_queues.is_available = false
      )
    )`;
    /* This strategy causes incredibly bad performance, presumably due to the
     * lack of lock/skip locked:
        `and (
        jobs.job_queue_id is null
        or
        jobs.job_queue_id in (
          select id
          from ${escapedWorkerSchema}._private_job_queues as job_queues
          where job_queues.is_available = true
        )
      )`
      */
    const updateQueue = strategy === 0
        ? ""
        : `,
q as (
  update ${escapedWorkerSchema}._private_job_queues as job_queues
    set
      locked_by = $1::text,
      locked_at = ${now}
    from j
    where job_queues.id = j.job_queue_id
)`;
    const text = `\
with j as (
  select jobs.job_queue_id, jobs.priority, jobs.run_at, jobs.id
    from ${escapedWorkerSchema}._private_jobs as jobs
    where jobs.is_available = true
    and run_at <= ${now}
    and task_id = any($2::int[])
    ${queueClause}
    ${flagsClause}
    order by priority asc, run_at asc
    limit ${batchSize}
    for update
    skip locked
)${updateQueue}
  update ${escapedWorkerSchema}._private_jobs as jobs
    set
      attempts = jobs.attempts + 1,
      locked_by = $1::text,
      locked_at = ${now}
    from j
    where jobs.id = j.id
    returning *`;
    // TODO: breaking change; change this to more optimal:
    // `RETURNING id, job_queue_id, task_id, payload`,
    const values = [
        poolId,
        taskDetails.taskIds,
        ...(hasFlags ? [flagsToSkip] : []),
        ...(useNodeTime ? [new Date().toISOString()] : []),
    ];
    const name = !preparedStatements
        ? undefined
        : `get_job${batchSize === 1 ? "" : batchSize}${hasFlags ? "F" : ""}${useNodeTime ? "N" : ""}/${workerSchema}`;
    const { rows } = await withPgClient.withRetries((client) => client.query({
        text,
        values,
        name,
    }));
    return rows.map((jobRow) => Object.assign(jobRow, {
        task_identifier: taskDetails.supportedTaskIdentifierByTaskId[jobRow.task_id],
    }));
}
exports.batchGetJobs = batchGetJobs;
//# sourceMappingURL=getJobs.js.map

/***/ }),

/***/ 2482:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.getQueueNames = void 0;
async function getQueueNames(compiledSharedOptions, withPgClient, queueIds) {
    const { escapedWorkerSchema, workerSchema, resolvedPreset: { worker: { preparedStatements }, }, } = compiledSharedOptions;
    const text = `\
select id, queue_name
from ${escapedWorkerSchema}._private_job_queues as job_queues
where id = any($1::int[]);`;
    const values = [queueIds];
    const name = !preparedStatements
        ? undefined
        : `get_queue_names/${workerSchema}`;
    const { rows } = await withPgClient.withRetries((client) => client.query({
        text,
        values,
        name,
    }));
    // Turn O(M * N) for nested loop into O(M + N) for hash table lookup
    const lookup = Object.create(null);
    for (const row of rows) {
        lookup[row.id] = row.queue_name;
    }
    return queueIds.map((id) => lookup[id] ?? null);
}
exports.getQueueNames = getQueueNames;
//# sourceMappingURL=getQueueNames.js.map

/***/ }),

/***/ 7392:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.resetLockedAt = void 0;
async function resetLockedAt(compiledSharedOptions, withPgClient) {
    const { escapedWorkerSchema, workerSchema, resolvedPreset: { worker: { preparedStatements, useNodeTime }, }, } = compiledSharedOptions;
    const now = useNodeTime ? "$1::timestamptz" : "now()";
    await withPgClient.withRetries((client) => client.query({
        text: `\
with j as (
update ${escapedWorkerSchema}._private_jobs as jobs
set locked_at = null, locked_by = null, run_at = greatest(run_at, ${now})
where locked_at < ${now} - interval '4 hours'
)
update ${escapedWorkerSchema}._private_job_queues as job_queues
set locked_at = null, locked_by = null
where locked_at < ${now} - interval '4 hours'`,
        values: useNodeTime ? [new Date().toISOString()] : [],
        name: !preparedStatements
            ? undefined
            : `clear_stale_locks${useNodeTime ? "N" : ""}/${workerSchema}`,
    }));
}
exports.resetLockedAt = resetLockedAt;
//# sourceMappingURL=resetLockedAt.js.map

/***/ }),

/***/ 8804:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.returnJobs = void 0;
async function returnJobs(compiledSharedOptions, withPgClient, poolId, jobs) {
    const { escapedWorkerSchema, workerSchema, resolvedPreset: { worker: { preparedStatements }, }, } = compiledSharedOptions;
    const jobsWithQueues = [];
    const jobsWithoutQueues = [];
    for (const job of jobs) {
        if (job.job_queue_id != null) {
            jobsWithQueues.push(job);
        }
        else {
            jobsWithoutQueues.push(job);
        }
    }
    if (jobsWithQueues.length > 0) {
        await withPgClient((client) => client.query({
            text: `\
with j as (
update ${escapedWorkerSchema}._private_jobs as jobs
set
attempts = GREATEST(0, attempts - 1),
locked_by = null,
locked_at = null
where id = ANY($2::bigint[])
and locked_by = $1::text
returning *
)
update ${escapedWorkerSchema}._private_job_queues as job_queues
set locked_by = null, locked_at = null
from j
where job_queues.id = j.job_queue_id and job_queues.locked_by = $1::text;`,
            values: [poolId, jobsWithQueues.map((job) => job.id)],
            name: !preparedStatements ? undefined : `return_job_q/${workerSchema}`,
        }));
    }
    if (jobsWithoutQueues.length > 0) {
        await withPgClient((client) => client.query({
            text: `\
update ${escapedWorkerSchema}._private_jobs as jobs
set
attempts = GREATEST(0, attempts - 1),
locked_by = null,
locked_at = null
where id = ANY($2::bigint[])
and locked_by = $1::text;`,
            values: [poolId, jobsWithoutQueues.map((job) => job.id)],
            name: !preparedStatements ? undefined : `return_job/${workerSchema}`,
        }));
    }
}
exports.returnJobs = returnJobs;
//# sourceMappingURL=returnJobs.js.map

/***/ }),

/***/ 5912:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.getSupportedTaskIds = exports.getSupportedTaskIdentifierByTaskId = exports.getTaskDetails = void 0;
const tslib_1 = __webpack_require__(1860);
const assert = tslib_1.__importStar(__webpack_require__(2613));
const cacheByOptions = new Map();
function getTaskDetails(compiledSharedOptions, withPgClient, tasks) {
    let cache = cacheByOptions.get(compiledSharedOptions);
    if (!cache) {
        cache = {
            lastStr: "",
            lastDigest: {
                supportedTaskIdentifierByTaskId: {},
                taskIds: [],
            },
        };
        cacheByOptions.set(compiledSharedOptions, cache);
    }
    const supportedTaskNames = Object.keys(tasks);
    const str = JSON.stringify(supportedTaskNames);
    if (str !== cache.lastStr) {
        const { escapedWorkerSchema } = compiledSharedOptions;
        assert.ok(supportedTaskNames.length, "No runnable tasks!");
        cache.lastStr = str;
        cache.lastDigest = (async () => {
            const { rows } = await withPgClient.withRetries(async (client) => {
                await client.query({
                    text: `insert into ${escapedWorkerSchema}._private_tasks as tasks (identifier) select unnest($1::text[]) on conflict do nothing`,
                    values: [supportedTaskNames],
                });
                return client.query({
                    text: `select id, identifier from ${escapedWorkerSchema}._private_tasks as tasks where identifier = any($1::text[])`,
                    values: [supportedTaskNames],
                });
            });
            const supportedTaskIdentifierByTaskId = Object.create(null);
            for (const row of rows) {
                supportedTaskIdentifierByTaskId[row.id] = row.identifier;
            }
            const taskIds = Object.keys(supportedTaskIdentifierByTaskId).map((s) => parseInt(s, 10));
            // Overwrite promises with concrete values
            cache.lastDigest = {
                supportedTaskIdentifierByTaskId,
                taskIds,
            };
            cache.lastStr = str;
            return cache.lastDigest;
        })();
    }
    return cache.lastDigest;
}
exports.getTaskDetails = getTaskDetails;
function getSupportedTaskIdentifierByTaskId(compiledSharedOptions, withPgClient, tasks) {
    const p = getTaskDetails(compiledSharedOptions, withPgClient, tasks);
    if ("supportedTaskIdentifierByTaskId" in p) {
        return p.supportedTaskIdentifierByTaskId;
    }
    else {
        return p.then((o) => o.supportedTaskIdentifierByTaskId);
    }
}
exports.getSupportedTaskIdentifierByTaskId = getSupportedTaskIdentifierByTaskId;
function getSupportedTaskIds(compiledSharedOptions, withPgClient, tasks) {
    const p = getTaskDetails(compiledSharedOptions, withPgClient, tasks);
    if ("taskIds" in p) {
        return p.taskIds;
    }
    else {
        return p.then((o) => o.taskIds);
    }
}
exports.getSupportedTaskIds = getSupportedTaskIds;
//# sourceMappingURL=taskIdentifiers.js.map

/***/ }),

/***/ 7447:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.version = void 0;
// This file is autogenerated by /scripts/postversion.mjs
exports.version = "0.17.3";
//# sourceMappingURL=version.js.map

/***/ }),

/***/ 9773:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.makeNewWorker = void 0;
const tslib_1 = __webpack_require__(1860);
const assert = tslib_1.__importStar(__webpack_require__(2613));
const crypto_1 = __webpack_require__(6982);
const deferred_1 = tslib_1.__importDefault(__webpack_require__(4132));
const helpers_1 = __webpack_require__(5270);
const lib_1 = __webpack_require__(8224);
const NO_LOG_SUCCESS = !!process.env.NO_LOG_SUCCESS;
function makeNewWorker(compiledSharedOptions, params) {
    const ctx = compiledSharedOptions;
    const { tasks, withPgClient, continuous, abortSignal, abortPromise, workerPool, autostart = true, workerId = `worker-${(0, crypto_1.randomBytes)(9).toString("hex")}`, getJob, completeJob, failJob, } = params;
    const { resolvedPreset: { worker: { pollInterval }, }, hooks, _rawOptions: { forbiddenFlags }, } = compiledSharedOptions;
    const logger = compiledSharedOptions.logger.scope({
        label: "worker",
        workerId,
    });
    const workerDeferred = (0, deferred_1.default)();
    const promise = workerDeferred.finally(() => {
        return hooks.process("stopWorker", { worker, withPgClient });
    });
    promise.then(() => {
        (0, lib_1.safeEmit)(ctx, "worker:stop", { ctx, worker });
    }, (error) => {
        (0, lib_1.safeEmit)(ctx, "worker:stop", { ctx, worker, error });
    });
    let activeJob = null;
    let doNextTimer = null;
    const cancelDoNext = () => {
        if (doNextTimer !== null) {
            clearTimeout(doNextTimer);
            doNextTimer = null;
            return true;
        }
        return false;
    };
    let active = true;
    const release = (force = false) => {
        if (active) {
            active = false;
            (0, lib_1.safeEmit)(ctx, "worker:release", { ctx, worker });
            if (cancelDoNext()) {
                workerDeferred.resolve();
            }
            else if (force) {
                // TODO: do `abortController.abort()` instead
                workerDeferred.resolve();
            }
        }
        else if (force) {
            workerDeferred.resolve();
        }
        return Promise.resolve(promise);
    };
    const nudge = () => {
        assert.ok(active, "nudge called after worker terminated");
        if (doNextTimer) {
            // Must be idle; call early
            doNext();
            return true;
        }
        else {
            again = true;
            // Not idle; find someone else!
            return false;
        }
    };
    const worker = {
        workerPool,
        nudge,
        workerId,
        release,
        promise,
        getActiveJob: () => activeJob,
        _start: autostart
            ? null
            : () => {
                doNext(true);
                worker._start = null;
            },
    };
    (0, lib_1.safeEmit)(ctx, "worker:create", { ctx, worker, tasks });
    logger.debug(`Spawned`);
    let contiguousErrors = 0;
    let again = false;
    const doNext = async (first = false) => {
        again = false;
        cancelDoNext();
        assert.ok(active, "doNext called when active was false");
        assert.ok(!activeJob, "There should be no active job");
        // Find us a job
        try {
            let flagsToSkip = null;
            if (Array.isArray(forbiddenFlags)) {
                flagsToSkip = forbiddenFlags;
            }
            else if (typeof forbiddenFlags === "function") {
                const forbiddenFlagsResult = forbiddenFlags();
                if (Array.isArray(forbiddenFlagsResult)) {
                    flagsToSkip = forbiddenFlagsResult;
                }
                else if (forbiddenFlagsResult != null) {
                    flagsToSkip = await forbiddenFlagsResult;
                }
            }
            if (first) {
                const event = {
                    worker,
                    flagsToSkip,
                    tasks,
                    withPgClient,
                };
                await hooks.process("startWorker", event);
                flagsToSkip = event.flagsToSkip;
            }
            (0, lib_1.safeEmit)(ctx, "worker:getJob:start", { ctx, worker });
            const jobRow = await getJob(workerPool.id, flagsToSkip);
            // `doNext` cannot be executed concurrently, so we know this is safe.
            // eslint-disable-next-line require-atomic-updates
            activeJob = jobRow && jobRow.id ? jobRow : null;
            if (activeJob) {
                (0, lib_1.safeEmit)(ctx, "job:start", { ctx, worker, job: activeJob });
            }
            else {
                (0, lib_1.safeEmit)(ctx, "worker:getJob:empty", { ctx, worker });
            }
        }
        catch (rawErr) {
            const err = (0, lib_1.coerceError)(rawErr);
            (0, lib_1.safeEmit)(ctx, "worker:getJob:error", { ctx, worker, error: err });
            if (continuous) {
                contiguousErrors++;
                logger.debug(`Failed to acquire job: ${err.message} (${contiguousErrors} contiguous fails)`);
                if (active) {
                    // Error occurred fetching a job; try again...
                    doNextTimer = setTimeout(() => doNext(), pollInterval);
                }
                else {
                    workerDeferred.reject(err);
                }
                return;
            }
            else {
                workerDeferred.reject(err);
                release();
                return;
            }
        }
        contiguousErrors = 0;
        // If we didn't get a job, try again later (if appropriate)
        if (!activeJob) {
            if (continuous) {
                if (active) {
                    if (again) {
                        // This could be a synchronisation issue where we were notified of
                        // the job but it's not visible yet, lets try again in just a
                        // moment.
                        doNext();
                    }
                    else {
                        doNextTimer = setTimeout(() => doNext(), pollInterval);
                    }
                }
                else {
                    workerDeferred.resolve();
                }
            }
            else {
                workerDeferred.resolve();
                release();
            }
            return;
        }
        // We did get a job then; store it into the current scope.
        const job = activeJob;
        // We may want to know if an error occurred or not
        let err = null;
        try {
            /*
             * Be **VERY** careful about which parts of this code can throw - we
             * **MUST** release the job once we've attempted it (success or error).
             */
            const startTimestamp = process.hrtime();
            let result = undefined;
            try {
                logger.debug(`Found task ${job.id} (${job.task_identifier})`);
                const task = tasks[job.task_identifier];
                assert.ok(task, `Unsupported task '${job.task_identifier}'`);
                const helpers = (0, helpers_1.makeJobHelpers)(compiledSharedOptions, job, {
                    withPgClient,
                    logger,
                    abortSignal,
                    abortPromise,
                });
                result = await task(job.payload, helpers);
            }
            catch (error) {
                err = (0, lib_1.coerceError)(error);
            }
            const durationRaw = process.hrtime(startTimestamp);
            const duration = durationRaw[0] * 1e3 + durationRaw[1] * 1e-6;
            // `batchJobFailedPayloads` and `batchJobErrors` should always have the same length
            const batchJobFailedPayloads = [];
            const batchJobErrors = [];
            if (!err && Array.isArray(job.payload) && Array.isArray(result)) {
                if (job.payload.length !== result.length) {
                    console.warn(`Task '${job.task_identifier}' has invalid return value - should return either nothing or an array with the same length as the incoming payload to indicate success or otherwise for each entry. We're going to treat this as full success, but this is a bug in your code.`);
                }
                else {
                    // "Batch job" handling of the result list
                    const results = await Promise.allSettled(result);
                    for (let i = 0; i < job.payload.length; i++) {
                        const entryResult = results[i];
                        if (entryResult.status === "rejected") {
                            batchJobFailedPayloads.push(job.payload[i]);
                            batchJobErrors.push(entryResult.reason);
                        }
                        else {
                            // success!
                        }
                    }
                    if (batchJobErrors.length > 0) {
                        // Create a "partial" error for the batch
                        err = new Error(`Batch failures:\n${batchJobErrors
                            .map((e) => e?.message ?? String(e))
                            .join("\n")}`);
                    }
                }
            }
            if (err) {
                try {
                    (0, lib_1.safeEmit)(ctx, "job:error", {
                        ctx,
                        worker,
                        job,
                        error: err,
                        batchJobErrors: batchJobErrors.length > 0 ? batchJobErrors : undefined,
                    });
                }
                catch (e) {
                    logger.error("Error occurred in event emitter for 'job:error'; this is an issue in your application code and you should fix it");
                }
                if (job.attempts >= job.max_attempts) {
                    try {
                        // Failed forever
                        (0, lib_1.safeEmit)(ctx, "job:failed", {
                            ctx,
                            worker,
                            job,
                            error: err,
                            batchJobErrors: batchJobErrors.length > 0 ? batchJobErrors : undefined,
                        });
                    }
                    catch (e) {
                        logger.error("Error occurred in event emitter for 'job:failed'; this is an issue in your application code and you should fix it");
                    }
                }
                const { message: rawMessage, stack } = err;
                /**
                 * Guaranteed to be a non-empty string
                 */
                const message = rawMessage ||
                    String(err) ||
                    "Non error or error without message thrown.";
                logger.error(`Failed task ${job.id} (${job.task_identifier}, ${duration.toFixed(2)}ms, attempt ${job.attempts} of ${job.max_attempts}) with error '${message}'${stack ? `:\n  ${String(stack).replace(/\n/g, "\n  ").trim()}` : ""}`, { failure: true, job, error: err, duration });
                failJob({
                    job,
                    message,
                    // "Batch jobs": copy through only the unsuccessful parts of the payload
                    replacementPayload: batchJobFailedPayloads.length > 0
                        ? batchJobFailedPayloads
                        : undefined,
                });
            }
            else {
                try {
                    (0, lib_1.safeEmit)(ctx, "job:success", { ctx, worker, job });
                }
                catch (e) {
                    logger.error("Error occurred in event emitter for 'job:success'; this is an issue in your application code and you should fix it");
                }
                if (!NO_LOG_SUCCESS) {
                    logger.info(`Completed task ${job.id} (${job.task_identifier}, ${duration.toFixed(2)}ms${job.attempts > 1
                        ? `, attempt ${job.attempts} of ${job.max_attempts}`
                        : ""}) with success`, { job, duration, success: true });
                }
                completeJob(job);
            }
            (0, lib_1.safeEmit)(ctx, "job:complete", { ctx, worker, job, error: err });
        }
        catch (fatalError) {
            try {
                (0, lib_1.safeEmit)(ctx, "worker:fatalError", {
                    ctx,
                    worker,
                    error: fatalError,
                    jobError: err,
                });
            }
            catch (e) {
                logger.error("Error occurred in event emitter for 'worker:fatalError'; this is an issue in your application code and you should fix it");
            }
            const when = err ? `after failure '${err.message}'` : "after success";
            const coerced = (0, lib_1.coerceError)(fatalError);
            logger.error(`Failed to release job '${job.id}' ${when}; committing seppuku\n${coerced.message}`, { fatalError, job });
            workerDeferred.reject(coerced);
            release();
            return;
        }
        finally {
            // `doNext` cannot be executed concurrently, so we know this is safe.
            // eslint-disable-next-line require-atomic-updates
            activeJob = null;
        }
        if (active) {
            doNext();
        }
        else {
            workerDeferred.resolve();
        }
    };
    // Start!
    if (autostart) {
        doNext(true);
    }
    // For tests
    promise.worker = worker;
    return worker;
}
exports.makeNewWorker = makeNewWorker;
//# sourceMappingURL=worker.js.map

/***/ }),

/***/ 4948:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.quickAddJob = exports.addJobAdhoc = exports.makeWorkerUtils = void 0;
/* eslint-disable @typescript-eslint/ban-types */
const cleanup_1 = __webpack_require__(5863);
const lib_1 = __webpack_require__(8224);
const migrate_1 = __webpack_require__(6098);
/**
 * Construct (asynchronously) a new WorkerUtils instance.
 */
async function makeWorkerUtils(options) {
    const [compiledOptions, release] = await (0, lib_1.getUtilsAndReleasersFromOptions)(options, {
        scope: {
            label: "WorkerUtils",
        },
    });
    const { logger, escapedWorkerSchema, withPgClient, addJob, addJobs } = compiledOptions;
    return {
        withPgClient,
        logger,
        release,
        addJob,
        addJobs,
        migrate: () => withPgClient((pgClient) => (0, migrate_1.migrate)(compiledOptions, pgClient)),
        async completeJobs(ids) {
            const { rows } = await withPgClient((client) => client.query(`select * from ${escapedWorkerSchema}.complete_jobs($1::bigint[])`, [ids]));
            return rows;
        },
        async permanentlyFailJobs(ids, reason) {
            const { rows } = await withPgClient((client) => client.query(`select * from ${escapedWorkerSchema}.permanently_fail_jobs($1::bigint[], $2::text)`, [ids, reason || null]));
            return rows;
        },
        async rescheduleJobs(ids, options) {
            const { rows } = await withPgClient((client) => client.query(`select * from ${escapedWorkerSchema}.reschedule_jobs(
            $1::bigint[],
            run_at := $2::timestamptz,
            priority := $3::int,
            attempts := $4::int,
            max_attempts := $5::int
          )`, [
                ids,
                options.runAt || null,
                options.priority || null,
                options.attempts || null,
                options.maxAttempts || null,
            ]));
            return rows;
        },
        async forceUnlockWorkers(workerIds) {
            await withPgClient((client) => client.query(`select ${escapedWorkerSchema}.force_unlock_workers($1::text[]);`, [workerIds]));
        },
        async cleanup(options = {
            tasks: ["GC_JOB_QUEUES"],
        }) {
            // TODO: would be great to guess the current task identifiers (e.g. by
            // reading the `tasks` folder) and add them to `taskIdentifiersToKeep`
            return (0, cleanup_1.cleanup)(compiledOptions, options);
        },
    };
}
exports.makeWorkerUtils = makeWorkerUtils;
/**
 * This function can be used to add a job with minimal code required, but it is
 * inefficient because it creates and destroys a database pool for each call.
 * If you need to call this more than once in your process you should instead
 * create a WorkerUtils instance for efficiency and performance sake.
 */
async function addJobAdhoc(options, identifier, payload, spec = {}) {
    const utils = await makeWorkerUtils(options);
    try {
        return await utils.addJob(identifier, payload, spec);
    }
    finally {
        await utils.release();
    }
}
exports.addJobAdhoc = addJobAdhoc;
/**
 * @deprecated The name was misleading, use `addJobAdhoc` instead.
 */
exports.quickAddJob = addJobAdhoc;
//# sourceMappingURL=workerUtils.js.map

/***/ }),

/***/ 3849:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ay: () => (__WEBPACK_DEFAULT_EXPORT__)
/* harmony export */ });
/* unused harmony exports Client, Pool, Connection, types, Query, DatabaseError, escapeIdentifier, escapeLiteral, Result, TypeOverrides, defaults */
/* harmony import */ var _lib_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3273);
// ESM wrapper for pg


// Re-export all the properties
const Client = _lib_index_js__WEBPACK_IMPORTED_MODULE_0__.Client
const Pool = _lib_index_js__WEBPACK_IMPORTED_MODULE_0__.Pool
const Connection = _lib_index_js__WEBPACK_IMPORTED_MODULE_0__.Connection
const types = _lib_index_js__WEBPACK_IMPORTED_MODULE_0__.types
const Query = _lib_index_js__WEBPACK_IMPORTED_MODULE_0__.Query
const DatabaseError = _lib_index_js__WEBPACK_IMPORTED_MODULE_0__.DatabaseError
const escapeIdentifier = _lib_index_js__WEBPACK_IMPORTED_MODULE_0__.escapeIdentifier
const escapeLiteral = _lib_index_js__WEBPACK_IMPORTED_MODULE_0__.escapeLiteral
const Result = _lib_index_js__WEBPACK_IMPORTED_MODULE_0__.Result
const TypeOverrides = _lib_index_js__WEBPACK_IMPORTED_MODULE_0__.TypeOverrides

// Also export the defaults
const defaults = _lib_index_js__WEBPACK_IMPORTED_MODULE_0__.defaults

// Re-export the default
/* harmony default export */ const __WEBPACK_DEFAULT_EXPORT__ = (_lib_index_js__WEBPACK_IMPORTED_MODULE_0__);


/***/ })

};
