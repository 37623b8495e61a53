use super::vulkan::{profile_from_vulkan, VulkanDeviceFacts};
use super::*;
use crate::configs::{VulkanComponentType as V, VulkanScope};
use crate::pipeline::PipelineOptions;

fn err(text: &str) -> String {
    DeviceProfile::from_json(text).unwrap_err().to_string()
}

#[test]
fn reads_a_profile() {
    let p = DeviceProfile::from_json(
        r#"{
  "name": "test GPU",
  "features": ["shader-f16", "subgroups", "timestamp-query"],
  "limits": {"maxComputeWorkgroupSizeX": 512, "subgroupMinSize": 16, "subgroupMaxSize": 64,
             "maxBufferSize": 1099511627776},
  "subgroupMatrixConfigs": ["f16:f32:16x16x16", "f16:f32:16x16x16", "f32:f32:8x8x8"]
}"#,
    )
    .unwrap();
    assert_eq!(p.name, "test GPU");
    assert_eq!(p.features, Features::SHADER_F16 | Features::SUBGROUPS);
    assert_eq!(p.limits.max_compute_workgroup_size_x, Some(512));
    assert_eq!(p.limits.max_compute_workgroup_size_y, None);
    assert_eq!(p.limits.get("subgroupMaxSize"), Some(64));
    let configs: Vec<String> = p
        .subgroup_matrix_configs
        .as_ref()
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(configs, ["f16:f32:16x16x16", "f32:f32:8x8x8"]);

    let mut options = PipelineOptions::default();
    options.apply_profile(&p);
    assert_eq!(options.max_workgroup_size, [512, 256, 64]);
    assert_eq!(options.max_invocations, 256);
    assert_eq!(options.min_subgroup_size, Some(16));
    assert_eq!(options.max_subgroup_size, Some(64));
    assert_eq!(
        options.subgroup_matrix_configs.as_ref().map(Vec::len),
        Some(2)
    );

    // Without `wgslLanguageFeatures`, every language feature.
    assert_eq!(p.language_features, LanguageFeatures::all());

    let minimal = DeviceProfile::from_json(r#"{"features": []}"#).unwrap();
    assert_eq!(minimal.features, Features::empty());
    assert_eq!(minimal.subgroup_matrix_configs, None);
    let mut options = PipelineOptions::default();
    options.apply_profile(&minimal);
    assert_eq!(options.subgroup_matrix_configs, None);
    assert_eq!(options.max_invocations, 256);
}

#[test]
fn cooperative_vector_configs_parse_and_round_trip() {
    let p = DeviceProfile::from_json(
        r#"{"features": [], "cooperativeVectorConfigs": ["f16:f16", "f16:f32", "f16:f16"], "cooperativeVectorMaxComponents": 512}"#,
    )
    .expect("profile");
    let names: Vec<String> = p
        .cooperative_vector_configs
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(names, ["f16:f16", "f16:f32"]);
    assert_eq!(p.cooperative_vector_max_components, Some(512));
    let text = p.to_json();
    assert!(
        text.contains("\"cooperativeVectorMaxComponents\": 512"),
        "{text}"
    );
    assert!(
        text.contains("\"cooperativeVectorConfigs\": [\n    \"f16:f16\",\n    \"f16:f32\"\n  ]"),
        "{text}"
    );
    assert_eq!(DeviceProfile::from_json(&text).expect("again"), p);
    let mut options = crate::pipeline::PipelineOptions::default();
    options.apply_profile(&p);
    assert_eq!(
        options.cooperative_vector_configs,
        p.cooperative_vector_configs
    );
    assert_eq!(options.cooperative_vector_max_components, Some(512));
    assert!(
        DeviceProfile::from_json(r#"{"features": [], "cooperativeVectorMaxComponents": 0}"#)
            .expect_err("zero")
            .to_string()
            .contains("`cooperativeVectorMaxComponents` must be a positive integer, found")
    );
    let err = |json: &str| DeviceProfile::from_json(json).expect_err(json).to_string();
    assert!(
        err(r#"{"features": [], "cooperativeVectorConfigs": ["f16:i8"]}"#)
            .contains("invalid cooperative vector config 'f16:i8'"),
    );
    assert!(
        err(r#"{"features": [], "cooperativeVectorConfigs": "f16:f16"}"#)
            .contains("`cooperativeVectorConfigs` must be an array of `INPUT:RESULT` strings")
    );
    assert!(err(r#"{"features": [], "cooperativeVectorConfigs": [1]}"#)
        .contains("must be an `INPUT:RESULT` string"));
}

#[test]
fn cooperative_vector_training_parses_and_round_trips() {
    let p = DeviceProfile::from_json(
        r#"{"features": [], "cooperativeVectorTraining": ["f16", "f32", "f16"], "cooperativeVectorOptimalLayouts": ["inference:f16:8x16", "training:f16:8x8x2"]}"#,
    )
    .expect("profile");
    use crate::configs::{ComponentType, OptimalLayout, OptimalLayoutBound};
    assert_eq!(
        p.cooperative_vector_training,
        [ComponentType::F16, ComponentType::F32]
    );
    let training = OptimalLayoutBound::find(
        &p.cooperative_vector_optimal_layouts,
        OptimalLayout::Training,
        crate::ir::Scalar::F16,
    )
    .expect("training bound");
    // 2 * roundup(17, 8) * roundup(9, 8) elements.
    assert_eq!(training.elements(17, 9), 2 * 24 * 16);
    assert!(OptimalLayoutBound::find(
        &p.cooperative_vector_optimal_layouts,
        OptimalLayout::Training,
        crate::ir::Scalar::F32,
    )
    .is_none());
    let text = p.to_json();
    assert!(
        text.contains("\"cooperativeVectorTraining\": [\"f16\", \"f32\"]")
            && text.contains("\"cooperativeVectorOptimalLayouts\": [\"inference:f16:8x16\", \"training:f16:8x8x2\"]"),
        "{text}"
    );
    assert_eq!(DeviceProfile::from_json(&text).expect("again"), p);
    let mut options = crate::pipeline::PipelineOptions::default();
    options.apply_profile(&p);
    assert_eq!(
        options.cooperative_vector_training,
        p.cooperative_vector_training
    );
    assert_eq!(
        options.cooperative_vector_optimal_layouts,
        p.cooperative_vector_optimal_layouts
    );
    let err = |json: &str| DeviceProfile::from_json(json).expect_err(json).to_string();
    assert!(err(r#"{"features": [], "cooperativeVectorTraining": ["i8"]}"#)
        .contains("line 1, column 48: `cooperativeVectorTraining` must be an array of \"f16\" and \"f32\", found"));
    for bad in [
        "training:f16:0x8",
        "training:f16:8",
        "train:f16:8x8",
        "inference:i32:8x8",
        "training:f16:8x8x2x1",
    ] {
        let json = format!(r#"{{"features": [], "cooperativeVectorOptimalLayouts": ["{bad}"]}}"#);
        assert!(
            err(&json).contains(&format!("invalid optimal-layout bound '{bad}'")),
            "{bad}: {}",
            err(&json)
        );
    }
    assert!(err(r#"{"features": [], "cooperativeVectorOptimalLayouts": ["training:f16:8x8", "training:f16:16x16"]}"#)
        .contains("a second optimal-layout bound for 'training:f16:16x16''s layout and type"));
}

#[test]
fn cooperative_vector_training_from_vulkan() {
    use crate::configs::ComponentType;
    use crate::device::vulkan::{cooperative_vector_training, VulkanDeviceFacts};
    let mut facts = VulkanDeviceFacts {
        cooperative_vector: true,
        vulkan_memory_model: true,
        cooperative_vector_training: true,
        cooperative_vector_training_float16_accumulation: true,
        cooperative_vector_training_float32_accumulation: true,
        ..Default::default()
    };
    assert_eq!(
        cooperative_vector_training(&facts, true),
        [ComponentType::F16, ComponentType::F32]
    );
    assert_eq!(
        cooperative_vector_training(&facts, false),
        [ComponentType::F32]
    );
    facts.cooperative_vector_training = false;
    assert!(cooperative_vector_training(&facts, true).is_empty());
}

#[test]
fn cooperative_vector_configs_from_vulkan() {
    use crate::device::vulkan::{cooperative_vector_configs, VulkanCooperativeVectorProperties};
    let row = |input, interp, matrix, bias, result| VulkanCooperativeVectorProperties {
        input_type: input,
        input_interpretation: interp,
        matrix_interpretation: matrix,
        bias_interpretation: bias,
        result_type: result,
        transpose: false,
    };
    let mut facts = h100_facts();
    facts.cooperative_vector = true;
    // The H200's rows (driver 580), VkComponentTypeKHR values: FLOAT16 0,
    // FLOAT32 1, SINT8 3, SINT32 5, UINT8 7, UINT32 9, SINT8_PACKED
    // 1000491000, UINT8_PACKED 1000491001, E4M3 1000491002, E5M2 1000491003.
    let (sp, up) = (1_000_491_000, 1_000_491_001);
    facts.cooperative_vector_properties = vec![
        row(0, 0, 0, 0, 0),
        row(0, 0, 0, 0, 1),
        // An f32 input interpreted as f16: not spelled.
        row(1, 0, 0, 0, 0),
        // An 8-bit input type: WGSL has none.
        row(3, 3, 3, 5, 5),
        row(5, 3, 3, 5, 5),
        row(1, 3, 3, 5, 5),
        row(9, sp, 3, 5, 5),
        // A u8 input for an i8 matrix: the input is read as the matrix's type.
        row(5, 7, 3, 5, 5),
        row(9, up, 3, 5, 5),
        row(5, 7, 7, 5, 5),
        row(9, up, 7, 5, 5),
        // FP8: not yet.
        row(0, 1_000_491_002, 1_000_491_002, 0, 0),
        // The same combination again, transposing: one configuration that
        // transposes.
        VulkanCooperativeVectorProperties {
            transpose: true,
            ..row(0, 0, 0, 0, 0)
        },
    ];
    let names: Vec<String> = cooperative_vector_configs(&facts, true)
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(
        names,
        [
            "f16:f16+transpose",
            "f16:f32",
            "i32/i8:i32",
            "f32/i8:i32",
            "u32/i8:i32",
            "i32/u8:i32",
            "u32/u8:i32"
        ]
    );
    for n in &names {
        let c: crate::configs::CooperativeVectorConfig = n.parse().expect("parses");
        assert_eq!(&c.to_string(), n);
    }
    for bad in [
        "f16/i8:i32",
        "i32/i8:f32",
        "i32:i32",
        "u32/f16:i32",
        "i32/i8",
    ] {
        assert!(
            bad.parse::<crate::configs::CooperativeVectorConfig>()
                .is_err(),
            "{bad}"
        );
    }
    facts.max_cooperative_vector_components = 512;
    assert_eq!(
        crate::device::vulkan::profile_from_vulkan(&facts).cooperative_vector_max_components,
        Some(512)
    );
    // Without shader-f16 the f16 rows go; without the feature, all.
    assert_eq!(cooperative_vector_configs(&facts, false).len(), 5);
    facts.cooperative_vector = false;
    assert!(cooperative_vector_configs(&facts, true).is_empty());
}

#[test]
fn json_round_trip() {
    for name in BUILTIN_PROFILES {
        let p = DeviceProfile::builtin(name).unwrap_or_else(|| panic!("built-in {name}"));
        let text = p.to_json();
        assert_eq!(DeviceProfile::from_json(&text).unwrap(), p, "{text}");
    }
    let empty = DeviceProfile {
        name: "e\"".into(),
        features: Features::empty(),
        language_features: LanguageFeatures::empty(),
        limits: Limits::default(),
        subgroup_matrix_configs: Some(Vec::new()),
        cooperative_vector_configs: Vec::new(),
        cooperative_vector_max_components: None,
        cooperative_vector_training: Vec::new(),
        cooperative_vector_optimal_layouts: Vec::new(),
        robustness: Robustness::default(),
    };
    let text = empty.to_json();
    assert_eq!(
        text,
        "{\n  \"tessera_device_profile\": 1,\n  \"name\": \"e\\\"\",\n  \"features\": [],\n  \"wgslLanguageFeatures\": [],\n  \"limits\": {},\n  \"subgroupMatrixConfigs\": []\n}\n"
    );
    assert_eq!(DeviceProfile::from_json(&text).unwrap(), empty);
}

#[test]
fn shipped_profiles_are_written_by_to_json() {
    // The files in profiles/ are exactly what `to_json` writes (as
    // `tessera-gpu --write-profile` does), so regenerating one gives no
    // spurious diff.
    for (name, text) in [
        (
            "h100-vulkan",
            include_str!("../../profiles/h100-vulkan.json"),
        ),
        (
            "h200-vulkan",
            include_str!("../../profiles/h200-vulkan.json"),
        ),
    ] {
        let p = DeviceProfile::from_json(text).unwrap();
        assert_eq!(p.to_json(), text, "{name}");
        assert!(p
            .features
            .contains(Features::SHADER_F16 | Features::TESSERA_EXPERIMENTAL_BF16));
        assert_eq!(p.subgroup_matrix_configs.as_ref().map(Vec::len), Some(11));
    }
}

#[test]
fn builtin_profiles() {
    let metal = DeviceProfile::builtin("metal").unwrap();
    let configs: Vec<String> = metal
        .subgroup_matrix_configs
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(configs, ["f32:f32:8x8x8", "f16:f16:8x8x8"]);
    assert!(!metal.features.contains(Features::TESSERA_EXPERIMENTAL_BF16));
    assert!(!metal.features.contains(Features::SUBGROUP_SIZE_CONTROL));
    assert_eq!(metal.limits.subgroup_max_size, Some(32));
    let webgpu = DeviceProfile::builtin("webgpu").unwrap();
    assert_eq!(webgpu.features, Features::empty());
    // Chrome ships uniform_buffer_standard_layout (Chrome 144), not
    // sized_binding_array; Metal's constant buffers have the layout of
    // device buffers, and Metal has arrays of textures.
    assert_eq!(
        webgpu.language_features,
        LanguageFeatures::UNIFORM_BUFFER_STANDARD_LAYOUT
    );
    assert_eq!(
        DeviceProfile::metal().language_features,
        LanguageFeatures::UNIFORM_BUFFER_STANDARD_LAYOUT | LanguageFeatures::SIZED_BINDING_ARRAY
    );
    let mut options = PipelineOptions {
        max_invocations: u32::MAX,
        ..PipelineOptions::default()
    };
    options.apply_profile(&webgpu);
    assert_eq!(options.max_invocations, 256);
    assert!(DeviceProfile::builtin("h300").is_none());
    assert_eq!(DeviceProfile::default().features, Features::all());
}

#[test]
fn feature_names() {
    assert_eq!(
        Features::from_webgpu_name("shader-f16"),
        Some(Features::SHADER_F16)
    );
    assert_eq!(Features::for_enable("f16"), Some(Features::SHADER_F16));
    assert_eq!(
        Features::for_enable("subgroup_matrix"),
        Some(Features::SUBGROUP_MATRIX)
    );
    assert_eq!(
        Features::for_enable("chromium_disable_uniformity_analysis"),
        None
    );
    assert_eq!(Features::SUBGROUPS.webgpu_name(), Some("subgroups"));
    assert_eq!(FEATURES.len(), Features::all().bits().count_ones() as usize);
    // Each gated name is an enable the front end knows.
    for &(_, _, enable) in FEATURES {
        let matrix = if enable.starts_with("tessera_") {
            "enable chromium_experimental_subgroup_matrix;\n"
        } else {
            ""
        };
        let source = format!("{matrix}enable {enable};");
        assert!(crate::front::wgsl::parse_str(&source).is_ok(), "{source}");
    }
    assert_eq!(Features::default(), Features::all());
}

#[test]
fn language_feature_names() {
    assert_eq!(
        LanguageFeatures::from_wgsl_name("uniform_buffer_standard_layout"),
        Some(LanguageFeatures::UNIFORM_BUFFER_STANDARD_LAYOUT)
    );
    assert_eq!(
        LanguageFeatures::from_wgsl_name("pointer_composite_access"),
        None
    );
    assert_eq!(
        LANGUAGE_FEATURES.len(),
        LanguageFeatures::all().bits().count_ones() as usize
    );
    assert_eq!(LanguageFeatures::default(), LanguageFeatures::all());
    // Each modelled name is one `requires` accepts.
    for &(_, name) in LANGUAGE_FEATURES {
        let source = format!("requires {name};");
        assert!(crate::front::wgsl::parse_str(&source).is_ok(), "{source}");
    }
    // A browser's list can be pasted in: the spec's other names are
    // ignored, an unknown one is an error.
    let p = DeviceProfile::from_json(
        r#"{"features": [], "wgslLanguageFeatures": ["pointer_composite_access", "buffer_view"]}"#,
    )
    .unwrap();
    assert_eq!(p.language_features, LanguageFeatures::empty());
    assert_eq!(
        err(r#"{"features": [], "wgslLanguageFeatures": ["uniform_buffer_standard_layot"]}"#),
        "line 1, column 43: unknown WGSL language feature `uniform_buffer_standard_layot` (did you mean `uniform_buffer_standard_layout`?)"
    );
    assert_eq!(
        err(r#"{"features": [], "wgslLanguageFeatures": "x"}"#),
        "line 1, column 42: `wgslLanguageFeatures` must be an array of WGSL language feature names, found a string"
    );
}

#[test]
fn errors_say_where() {
    assert_eq!(
        err("{\n  \"features\": [\"shader-f16\",]\n}"),
        "line 2, column 29: expected a JSON value, found `]`"
    );
    assert_eq!(
        err("{\n  \"features\": [\"shader-f16\", \"shader-f17\"]\n}"),
        "line 2, column 30: unknown feature `shader-f17` (did you mean `shader-f16`?)"
    );
    assert_eq!(
        err("{\"features\": [\"warp-speed\"]}"),
        "line 1, column 15: unknown feature `warp-speed`"
    );
    assert_eq!(
        err("{\"features\": [], \"limits\": {\"maxComputeWorkgroupSizeW\": 1}}"),
        "line 1, column 29: unknown limit `maxComputeWorkgroupSizeW` (did you mean `maxComputeWorkgroupSizeX`?)"
    );
    assert_eq!(
        err("{\"features\": [], \"limits\": {\"subgroupMaxSize\": -32}}"),
        "line 1, column 48: limit `subgroupMaxSize` must be an integer from 0 to 4294967295, found `-32`"
    );
    assert_eq!(
        err("{\"features\": [], \"limits\": {\"subgroupMinSize\": 64, \"subgroupMaxSize\": 32}}"),
        "line 1, column 28: `subgroupMinSize` (64) is larger than `subgroupMaxSize` (32)"
    );
    assert_eq!(
        err("{\"features\": [], \"subgroupMatrixConfigs\": [\"f16:f32:16x16\"]}"),
        "line 1, column 44: invalid subgroup matrix dimensions '16x16' in 'f16:f32:16x16': expected MxNxK, e.g. 16x16x16"
    );
    assert_eq!(
        err("{\"features\": [], \"subgroupMatrixConfigs\": [{\"M\": 8}]}"),
        "line 1, column 44: a subgroup-matrix configuration must be a `COMPONENT:RESULT:MxNxK` string, found an object"
    );
    assert_eq!(
        err("{\"name\": \"x\"}"),
        "line 1, column 1: a device profile needs a `features` member (a list of WebGPU feature names; `[]` for none)"
    );
    assert_eq!(
        err("{\"features\": [], \"feature\": []}"),
        "line 1, column 18: unknown member `feature` (expected `tessera_device_profile`, `name`, `features`, `wgslLanguageFeatures`, `limits`, `subgroupMatrixConfigs`, `cooperativeVectorConfigs`, `cooperativeVectorMaxComponents`, `cooperativeVectorTraining`, `cooperativeVectorOptimalLayouts`, `robustness`) (did you mean `features`?)"
    );
    assert_eq!(
        err("[]"),
        "line 1, column 1: a device profile is a JSON object, found an array"
    );
    assert_eq!(
        err("{\"features\": \"shader-f16\"}"),
        "line 1, column 14: `features` must be an array of WebGPU feature names, found a string"
    );
    assert_eq!(
        err("{\"features\": [], \"tessera_device_profile\": 2}"),
        "line 1, column 44: `tessera_device_profile` must be 1 (the only version of the format)"
    );
}

fn h100_facts() -> VulkanDeviceFacts {
    let prop = |a, c, m, n, k| VulkanCooperativeMatrixProperties {
        m_size: m,
        n_size: n,
        k_size: k,
        a_type: a,
        b_type: a,
        c_type: c,
        result_type: c,
        saturating_accumulation: false,
        scope: VulkanScope::Subgroup,
    };
    VulkanDeviceFacts {
        device_name: "NVIDIA H100 80GB HBM3".into(),
        shader_clip_distance: true,
        dual_src_blend: true,
        geometry_shader: true,
        // Not recorded when the H100 profile was written.
        fragment_shader_barycentric: false,
        shader_int64: false,
        shader_buffer_int64_atomics: false,
        rasterization_order_color_attachment_access: false,
        runtime_descriptor_array: false,
        descriptor_binding_partially_bound: false,
        descriptor_binding_variable_descriptor_count: false,
        descriptor_binding_sampled_image_update_after_bind: false,
        storage_buffer_16bit_access: true,
        uniform_and_storage_buffer_16bit_access: true,
        shader_float16: true,
        vulkan_memory_model: true,
        uniform_buffer_standard_layout: true,
        subgroup_size_control: true,
        compute_full_subgroups: true,
        subgroup_supported_operations: 0xff,
        subgroup_supported_stages: 0x3f,
        cooperative_matrix: true,
        bfloat16_cooperative_matrix: true,
        // Not recorded when the H100 profile was written (2026-11-25); the
        // H200's, queried on 2026-11-28, has robustBufferAccess2.
        robust_buffer_access2: false,
        cooperative_matrix_robust_buffer_access: false,
        cooperative_matrix_properties: vec![
            prop(V::Float16, V::Float16, 16, 16, 16),
            prop(V::Float16, V::Float16, 16, 8, 16),
            prop(V::Float16, V::Float16, 16, 8, 8),
            prop(V::Float16, V::Float32, 16, 16, 16),
            prop(V::Float16, V::Float32, 16, 8, 16),
            prop(V::Float16, V::Float32, 16, 8, 8),
            prop(V::Uint8, V::Uint32, 16, 16, 32),
            prop(V::Sint8, V::Sint32, 16, 16, 32),
            prop(V::Uint8, V::Uint32, 16, 8, 32),
            prop(V::Sint8, V::Sint32, 16, 8, 32),
            prop(V::Bfloat16, V::Float32, 16, 16, 16),
            prop(V::Float64, V::Float64, 8, 8, 4),
        ],
        max_compute_work_group_size: [1024, 1024, 64],
        max_compute_work_group_invocations: 1024,
        max_compute_shared_memory_size: 49152,
        max_push_constants_size: 256,
        min_subgroup_size: 32,
        max_subgroup_size: 32,
        cooperative_vector: false,
        cooperative_vector_properties: Vec::new(),
        max_cooperative_vector_components: 0,
        cooperative_vector_training: false,
        cooperative_vector_training_float16_accumulation: false,
        cooperative_vector_training_float32_accumulation: false,
        cooperative_vector_optimal_layouts: Vec::new(),
    }
}

use crate::configs::VulkanCooperativeMatrixProperties;

#[test]
fn vulkan_facts_to_profile() {
    let p = profile_from_vulkan(&h100_facts());
    // The shipped H100 profile is what the conversion gives for the
    // H100's facts (gpu/results-h100-conformance-khr.json).
    assert_eq!(
        p,
        DeviceProfile::from_json(include_str!("../../profiles/h100-vulkan.json")).unwrap()
    );

    // No 16-bit storage: no shader-f16, and no f16 configurations.
    let mut facts = h100_facts();
    facts.uniform_and_storage_buffer_16bit_access = false;
    let p = profile_from_vulkan(&facts);
    assert!(!p.features.contains(Features::SHADER_F16));
    assert!(p.features.contains(Features::SUBGROUP_MATRIX));
    let configs: Vec<String> = p
        .subgroup_matrix_configs
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        configs,
        [
            "u8:u32:16x16x32",
            "i8:i32:16x16x32",
            "u8:u32:16x8x32",
            "i8:i32:16x8x32",
            "bf16:f32:16x16x16"
        ]
    );

    // Subgroups without quad operations: no subgroups, hence no size
    // control and no matrices; the subgroup sizes are not given.
    let mut facts = h100_facts();
    facts.subgroup_supported_operations = 0x7f;
    let p = profile_from_vulkan(&facts);
    assert_eq!(
        p.features,
        Features::SHADER_F16
            | Features::CLIP_DISTANCES
            | Features::DUAL_SOURCE_BLENDING
            | Features::PRIMITIVE_INDEX
    );
    assert_eq!(p.subgroup_matrix_configs, Some(Vec::new()));
    assert_eq!(p.limits.subgroup_max_size, None);

    // No bf16 cooperative matrices: no bf16 feature or configuration.
    let mut facts = h100_facts();
    facts.bfloat16_cooperative_matrix = false;
    let p = profile_from_vulkan(&facts);
    assert!(!p.features.contains(Features::TESSERA_EXPERIMENTAL_BF16));
    assert_eq!(p.subgroup_matrix_configs.map(|c| c.len()), Some(10));

    // No memory model: no matrices.
    let mut facts = h100_facts();
    facts.vulkan_memory_model = false;
    let p = profile_from_vulkan(&facts);
    assert!(!p
        .features
        .intersects(Features::SUBGROUP_MATRIX | Features::CHROMIUM_EXPERIMENTAL_SUBGROUP_MATRIX));
    assert!(p.features.contains(Features::SUBGROUP_SIZE_CONTROL));

    // No uniformBufferStandardLayout (a Vulkan 1.1 device without
    // VK_KHR_uniform_buffer_standard_layout): not the language feature.
    let mut facts = h100_facts();
    facts.uniform_buffer_standard_layout = false;
    let p = profile_from_vulkan(&facts);
    assert_eq!(p.language_features, LanguageFeatures::SIZED_BINDING_ARRAY);
    assert!(p.features.contains(Features::SUBGROUP_MATRIX));
}

#[test]
fn robustness_guarantees() {
    let p = DeviceProfile::from_json(
        r#"{"features": [], "robustness": {"robustBufferAccess2": true, "cooperativeMatrixRobustBufferAccess": false}}"#,
    )
    .unwrap();
    assert!(p.robustness.robust_buffer_access2);
    assert!(!p.robustness.cooperative_matrix_robust_buffer_access);
    // Written back only when something is guaranteed.
    assert_eq!(DeviceProfile::from_json(&p.to_json()).unwrap(), p);
    assert!(p.to_json().contains("\"robustBufferAccess2\": true"));
    let none = DeviceProfile::from_json(r#"{"features": []}"#).unwrap();
    assert_eq!(none.robustness, Robustness::default());
    assert!(!none.to_json().contains("robustness"));
    // The H200's profile, written on the device, guarantees robust buffer
    // access but not for cooperative matrices; Metal guarantees nothing.
    let h200 = DeviceProfile::builtin("h200-vulkan").unwrap().robustness;
    assert!(h200.robust_buffer_access2 && !h200.cooperative_matrix_robust_buffer_access);
    assert_eq!(DeviceProfile::metal().robustness, Robustness::default());
    // From Vulkan facts.
    let mut facts = h100_facts();
    facts.robust_buffer_access2 = true;
    assert!(profile_from_vulkan(&facts).robustness.robust_buffer_access2);

    assert_eq!(
        err(r#"{"features": [], "robustness": true}"#),
        "line 1, column 32: `robustness` must be an object of booleans (`robustBufferAccess2`, `cooperativeMatrixRobustBufferAccess`), found a boolean"
    );
    assert_eq!(
        err(r#"{"features": [], "robustness": {"robustBufferAccess": true}}"#),
        "line 1, column 33: unknown robustness guarantee `robustBufferAccess` (expected `robustBufferAccess2` or `cooperativeMatrixRobustBufferAccess`) (did you mean `robustBufferAccess2`?)"
    );
    assert_eq!(
        err(r#"{"features": [], "robustness": {"robustBufferAccess2": 1}}"#),
        "line 1, column 56: `robustBufferAccess2` must be true or false, found a number"
    );
}

#[test]
fn barycentric_feature_from_vulkan() {
    let mut facts = h100_facts();
    assert!(!profile_from_vulkan(&facts)
        .features
        .contains(Features::CHROMIUM_EXPERIMENTAL_BARYCENTRIC_COORD));
    facts.fragment_shader_barycentric = true;
    let p = profile_from_vulkan(&facts);
    assert!(p
        .features
        .contains(Features::CHROMIUM_EXPERIMENTAL_BARYCENTRIC_COORD));
    assert!(p
        .to_json()
        .contains("\"chromium-experimental-barycentric-coord\""));
}

#[test]
fn atomic_vec2u_feature_from_vulkan() {
    let has = |f: &VulkanDeviceFacts| {
        profile_from_vulkan(f)
            .features
            .contains(Features::ATOMIC_VEC2U_MIN_MAX)
    };
    let mut facts = h100_facts();
    assert!(!has(&facts));
    // Dawn's rule is shaderBufferInt64Atomics; the SPIR-V's Int64
    // capability also needs shaderInt64.
    facts.shader_buffer_int64_atomics = true;
    assert!(!has(&facts));
    facts.shader_int64 = true;
    assert!(has(&facts));
    facts.shader_buffer_int64_atomics = false;
    assert!(!has(&facts));
    facts.shader_buffer_int64_atomics = true;
    assert!(profile_from_vulkan(&facts)
        .to_json()
        .contains("\"atomic-vec2u-min-max\""));
}

#[test]
fn framebuffer_fetch_feature_from_vulkan() {
    let mut facts = h100_facts();
    assert!(!profile_from_vulkan(&facts)
        .features
        .contains(Features::FRAMEBUFFER_FETCH));
    facts.rasterization_order_color_attachment_access = true;
    let p = profile_from_vulkan(&facts);
    assert!(p.features.contains(Features::FRAMEBUFFER_FETCH));
    assert!(p.to_json().contains("\"framebuffer-fetch\""));
    assert_eq!(
        Features::for_enable("chromium_experimental_framebuffer_fetch"),
        Some(Features::FRAMEBUFFER_FETCH)
    );
    // Chromium's internal extension needs no device feature.
    assert_eq!(
        Features::for_enable("chromium_internal_input_attachments"),
        None
    );
}
